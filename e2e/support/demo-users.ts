import { DEMO_USERS as USERS } from '@pp/demo-data';

export { DEMO_PASSWORD } from '@pp/demo-data';

type DemoUser = (typeof USERS)[number];
const withName = ({ email, firstName, lastName }: DemoUser) => ({
  email,
  name: `${firstName} ${lastName}`,
});

/** The demo users of docs/product.md §8 with the name the portal shows for them. */
export const DEMO_USERS = [
  withName(USERS[0]),
  withName(USERS[1]),
  withName(USERS[2]),
  withName(USERS[3]),
] as const;
