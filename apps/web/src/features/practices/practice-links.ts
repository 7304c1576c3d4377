import { ROUTES } from '@pp/contract';

/** The id of the connect form on `/my-practice/new-practice`, so a link can lead straight to it. */
export const CONNECT_SECTION_ID = 'connect';
export const CONNECT_SECTION_LINK = `${ROUTES.newPractice}#${CONNECT_SECTION_ID}`;
