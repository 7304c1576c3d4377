/** The portal's routes (docs/specification.md §2); the empty path redirects to the dashboard. */
export const ROUTES = {
  dashboard: '/dashboard',
  info: '/info',
  security: '/security',
  newsletter: '/newsletter',
  unauthorized: '/unauthorized',
  verify: '/verify',
  myPractice: '/my-practice',
  newPractice: '/my-practice/new-practice',
  newPracticeAdd: '/my-practice/new-practice/add',
  practiceInformation: '/my-practice/information-practice',
  employees: '/my-practice/employees-overview',
  employeeAdd: '/my-practice/employees-overview/add',
  employeeInformation: '/my-practice/employees-overview/information-employee',
  locations: '/my-practice/location-overview',
  locationAdd: '/my-practice/location-overview/add',
  locationInformation: '/my-practice/location-overview/information-location',
  activity: '/my-practice/activity',
} as const;
export type RoutePath = (typeof ROUTES)[keyof typeof ROUTES];

export type PortalRole = 'member' | 'admin';

/** Patterns a member may open, exactly as the specification lists them. */
export const MEMBER_PATTERNS: readonly string[] = [
  'unauthorized',
  'verify',
  '/dashboard',
  '/info',
  '/security',
  '/newsletter',
  '/my-practice',
  '/my-practice/new-practice',
  '/my-practice/new-practice/add',
  '/my-practice/location-overview',
];

/** An admin has everything a member has, plus these. */
export const ADMIN_PATTERNS: readonly string[] = [
  ...MEMBER_PATTERNS,
  '/my-practice/information-practice',
  '/my-practice/location-overview/add',
  '/my-practice/location-overview/information-location',
  '/my-practice/employees-overview',
  '/my-practice/employees-overview/add',
  '/my-practice/employees-overview/information-employee',
  '/my-practice/activity',
];

const segments = (path: string) => path.split('/').filter((segment) => segment !== '');

/** Whether the path ends with the pattern, segment by segment; `*` stands for one segment. */
export function pathEndsWith(path: string, pattern: string): boolean {
  const pathSegments = segments(path);
  const patternSegments = segments(pattern);
  if (patternSegments.length === 0 || patternSegments.length > pathSegments.length) return false;
  const tail = pathSegments.slice(pathSegments.length - patternSegments.length);
  return patternSegments.every((expected, index) => expected === '*' || expected === tail[index]);
}

/**
 * The URL access check (docs/specification.md §2): a path is allowed when it ends with one of the
 * role's patterns. Query string and hash are not part of the path.
 */
export function isPathAllowed(path: string, role: PortalRole): boolean {
  const patterns = role === 'admin' ? ADMIN_PATTERNS : MEMBER_PATTERNS;
  const pathOnly = path.split(/[?#]/)[0] ?? '';
  return patterns.some((pattern) => pathEndsWith(pathOnly, pattern));
}

/** Admin when the user is admin or superadmin of the active practice, otherwise member. */
export function portalRoleOf(membershipRole: string | undefined): PortalRole {
  return membershipRole === 'admin' || membershipRole === 'superadmin' ? 'admin' : 'member';
}
