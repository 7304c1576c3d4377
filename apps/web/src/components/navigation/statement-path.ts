/**
 * The accessibility statement's address (decision 0080): public, shown without a session, linked
 * from every footer and from the provider's pages (which name it on their own).
 */
export const STATEMENT_PATH = '/accessibility';
