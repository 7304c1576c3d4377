import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_PATTERNS,
  isPathAllowed,
  MEMBER_PATTERNS,
  pathEndsWith,
  portalRoleOf,
  ROUTES,
} from '../src/access.ts';

// docs/specification.md §2, route by route: [path, member allowed, admin allowed].
const TABLE: [string, boolean, boolean][] = [
  [ROUTES.dashboard, true, true],
  [ROUTES.info, true, true],
  // Issue 25: every signed-in person's own security page.
  [ROUTES.security, true, true],
  [ROUTES.newsletter, true, true],
  [ROUTES.unauthorized, true, true],
  [ROUTES.verify, true, true],
  [ROUTES.myPractice, true, true],
  [ROUTES.newPractice, true, true],
  [ROUTES.newPracticeAdd, true, true],
  [ROUTES.locations, true, true],
  [ROUTES.practiceInformation, false, true],
  [ROUTES.locationAdd, false, true],
  [ROUTES.locationInformation, false, true],
  [ROUTES.employees, false, true],
  [ROUTES.employeeAdd, false, true],
  [ROUTES.employeeInformation, false, true],
  // Issue 27: the practice's activity log (decision 0082).
  [ROUTES.activity, false, true],
];

describe('URL access check', () => {
  it('covers every route but the empty path', () => {
    expect(TABLE.map(([path]) => path).sort()).toEqual(Object.values(ROUTES).sort());
  });

  it.each(TABLE)('%s: member %s, admin %s', (path, member, admin) => {
    expect(isPathAllowed(path, 'member')).toBe(member);
    expect(isPathAllowed(path, 'admin')).toBe(admin);
  });

  it('ignores query string and hash, and a trailing slash', () => {
    expect(isPathAllowed('/my-practice/employees-overview?page=2#top', 'member')).toBe(false);
    expect(isPathAllowed('/info?tab=token#anchor', 'member')).toBe(true);
    expect(isPathAllowed('/dashboard/', 'member')).toBe(true);
  });

  it('matches whole segments, not parts of them', () => {
    expect(isPathAllowed('/xdashboard', 'admin')).toBe(false);
    expect(isPathAllowed('/my-practice-x', 'admin')).toBe(false);
    expect(isPathAllowed('/', 'admin')).toBe(false);
  });

  it('lets * stand for exactly one segment', () => {
    expect(pathEndsWith('/my-practice/123/edit', '/my-practice/*/edit')).toBe(true);
    expect(pathEndsWith('/my-practice/edit', '/my-practice/*/edit')).toBe(false);
    expect(pathEndsWith('/my-practice/1/2/edit', '/my-practice/*/edit')).toBe(false);
  });

  it('maps admin and superadmin to the admin role, everything else to member', () => {
    expect(portalRoleOf('superadmin')).toBe('admin');
    expect(portalRoleOf('admin')).toBe('admin');
    expect(portalRoleOf('member')).toBe('member');
    expect(portalRoleOf(undefined)).toBe('member');
  });
});

const segment = fc.stringMatching(/^[a-z0-9-]{1,12}$/);
const path = fc.array(segment, { maxLength: 5 }).map((parts) => `/${parts.join('/')}`);

describe('URL access check, properties', () => {
  it('an admin may open everything a member may', () => {
    fc.assert(fc.property(path, (p) => !isPathAllowed(p, 'member') || isPathAllowed(p, 'admin')));
  });

  it('a path ending with an allowed pattern is allowed whatever comes before it', () => {
    fc.assert(
      fc.property(path, fc.constantFrom(...MEMBER_PATTERNS), (prefix, pattern) => {
        const full = `${prefix.replace(/\/$/, '')}/${pattern.replace(/^\//, '')}`;
        return isPathAllowed(full, 'member') && isPathAllowed(full, 'admin');
      }),
    );
  });

  it('a path is allowed only when some pattern is a segment suffix of it', () => {
    fc.assert(
      fc.property(path, (p) => {
        const suffixOf = (pattern: string) => {
          const want = pattern.split('/').filter(Boolean).join('/');
          const have = p.split('/').filter(Boolean).join('/');
          return have === want || have.endsWith(`/${want}`);
        };
        return isPathAllowed(p, 'admin') === ADMIN_PATTERNS.some(suffixOf);
      }),
    );
  });
});
