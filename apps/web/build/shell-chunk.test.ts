import { describe, expect, it } from 'vitest';
import { isBarrel, staticModules, type ModuleView } from './shell-chunk.ts';

/** A module graph: each module's code, its imports and its exports. */
function graph(modules: Record<string, { code: string; imports?: string[]; exports?: string[] }>) {
  return (id: string): ModuleView | null => {
    const module = modules[id];
    return module
      ? { code: module.code, importedIds: module.imports ?? [], exports: module.exports ?? [] }
      : null;
  };
}

describe('isBarrel', () => {
  it('knows a module of imports and re-exports from one with code', () => {
    expect(isBarrel('import { a } from "./a.js";\nexport { a };\nexport * from "./b.js";')).toBe(
      true,
    );
    expect(isBarrel('export * as calls from "./calls/index.ts";\nexport * from "./x.ts";')).toBe(
      true,
    );
    expect(isBarrel('import { a } from "./a.js";\nexport const b = a + 1;')).toBe(false);
  });
});

describe('staticModules', () => {
  const info = graph({
    '/app/main.tsx': {
      code: 'import { Button } from "@mantine/core";\nimport { calls } from "@pp/contract";\ncalls.getCustomer();',
      imports: ['/nm/@mantine/core/index.mjs', '/ws/packages/contract/src/index.ts'],
    },
    '/nm/@mantine/core/index.mjs': {
      code: 'import { Button } from "./Button.mjs";\nimport { Modal } from "./Modal.mjs";\nexport { Button, Modal };',
      imports: ['/nm/@mantine/core/Button.mjs', '/nm/@mantine/core/Modal.mjs'],
    },
    '/nm/@mantine/core/Button.mjs': { code: 'export const Button = 1;' },
    '/nm/@mantine/core/Modal.mjs': { code: 'export const Modal = 2;' },
    '/ws/packages/contract/src/index.ts': {
      code: 'export * from "./codes.ts";\nexport * as calls from "./calls/index.ts";',
      imports: ['/ws/packages/contract/src/codes.ts', '/ws/packages/contract/src/calls/index.ts'],
    },
    '/ws/packages/contract/src/codes.ts': { code: 'export const code = 1;', exports: ['code'] },
    '/ws/packages/contract/src/calls/index.ts': {
      code: 'export * from "./customer.ts";\nexport * from "./employee.ts";',
      imports: [
        '/ws/packages/contract/src/calls/customer.ts',
        '/ws/packages/contract/src/calls/employee.ts',
      ],
    },
    '/ws/packages/contract/src/calls/customer.ts': {
      code: 'export const getCustomer = 1;',
      exports: ['getCustomer'],
    },
    '/ws/packages/contract/src/calls/employee.ts': {
      code: 'export const getEmployee = 1;',
      exports: ['getEmployee'],
    },
  });

  it('follows through barrels only the names and namespace members a module uses', () => {
    const found = staticModules(['/app/main.tsx'], info);
    expect(found.has('/nm/@mantine/core/Button.mjs')).toBe(true);
    expect(found.has('/ws/packages/contract/src/calls/customer.ts')).toBe(true);
    expect(found.has('/nm/@mantine/core/Modal.mjs')).toBe(false);
    expect(found.has('/ws/packages/contract/src/calls/employee.ts')).toBe(false);
    expect(found.has('/ws/packages/contract/src/codes.ts')).toBe(false);
  });

  it('takes a whole namespace that is used other than by its members', () => {
    const whole = graph({
      '/app/main.tsx': {
        code: 'import { calls } from "@pp/contract";\nconsole.log(Object.keys(calls));',
        imports: ['/ws/packages/contract/src/index.ts'],
      },
      '/ws/packages/contract/src/index.ts': {
        code: 'export * as calls from "./calls/index.ts";',
        imports: ['/ws/packages/contract/src/calls/index.ts'],
      },
      '/ws/packages/contract/src/calls/index.ts': {
        code: 'export * from "./customer.ts";\nexport * from "./employee.ts";',
        imports: [
          '/ws/packages/contract/src/calls/customer.ts',
          '/ws/packages/contract/src/calls/employee.ts',
        ],
      },
      '/ws/packages/contract/src/calls/customer.ts': { code: 'export const getCustomer = 1;' },
      '/ws/packages/contract/src/calls/employee.ts': { code: 'export const getEmployee = 1;' },
    });
    expect(
      staticModules(['/app/main.tsx'], whole).has('/ws/packages/contract/src/calls/employee.ts'),
    ).toBe(true);
  });
});
