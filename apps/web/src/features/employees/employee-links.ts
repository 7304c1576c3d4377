import { ROUTES } from '@pp/contract';

/** The query parameter that names the person `/…/information-employee` shows. */
export const CUSTOMER_ID_PARAM = 'customerId';

/** One person's information page: the id in the URL survives a reload or a shared link. */
export const employeeInformationLink = (customerId: string) =>
  `${ROUTES.employeeInformation}?${new URLSearchParams({ [CUSTOMER_ID_PARAM]: customerId })}`;
