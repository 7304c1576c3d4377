/** The public password of every demo account (PRODUCT §8). */
export const DEMO_PASSWORD = 'Demo-Portal-2026';

/** The demo users of PRODUCT §8 with the name the portal shows for them. */
export const DEMO_USERS = [
  { email: 'anna.sommer@example.com', name: 'Anna Sommer' },
  { email: 'ben.krause@example.com', name: 'Ben Krause' },
  { email: 'clara.wolf@example.com', name: 'Clara Wolf' },
  { email: 'david.markt@example.com', name: 'David Markt' },
] as const;
