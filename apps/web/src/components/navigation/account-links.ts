import { ROUTES } from '@pp/contract';

/** `/info?change=email` opens the profile with the dialog that changes the e-mail address. */
export const EMAIL_CHANGE_PARAM = 'change';
export const EMAIL_CHANGE_VALUE = 'email';
export const EMAIL_CHANGE_LINK = `${ROUTES.info}?${EMAIL_CHANGE_PARAM}=${EMAIL_CHANGE_VALUE}`;
