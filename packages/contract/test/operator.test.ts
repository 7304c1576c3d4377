import { describe, expect, it } from 'vitest';
import { AcceptCrmOrganisationSchema, AcceptedCrmOrganisationSchema } from '../src/operator.ts';

describe('accepting a CRM organisation (docs/operations.md, "The organisation")', () => {
  it('takes an organisation id, in either case', () => {
    for (const id of [
      '0b0b0b0b-5555-4666-8777-888888888888',
      '0B0B0B0B-5555-4666-8777-888888888888',
      // WhoAmI's OrganizationId is a .NET Guid, not necessarily an RFC 9562 one.
      '00000000-0000-0000-0000-000000000001',
    ]) {
      expect(AcceptCrmOrganisationSchema.safeParse({ accept: id }).success).toBe(true);
    }
  });

  it('refuses anything else', () => {
    for (const body of [
      {},
      { accept: '' },
      { accept: 'the other one' },
      { accept: '0b0b0b0b-5555-4666-8777-88888888888' },
      { accept: 42 },
      { accept: '0b0b0b0b-5555-4666-8777-888888888888', also: true },
    ]) {
      expect(AcceptCrmOrganisationSchema.safeParse(body).success).toBe(false);
    }
  });

  it('answers the accepted organisation and the previous one', () => {
    const answer = {
      accepted: '0b0b0b0b-5555-4666-8777-888888888888',
      previous: '0a0a0a0a-1111-4222-8333-444444444444',
    };
    expect(AcceptedCrmOrganisationSchema.parse(answer)).toEqual(answer);
    expect(AcceptedCrmOrganisationSchema.parse({ ...answer, previous: null }).previous).toBeNull();
  });
});
