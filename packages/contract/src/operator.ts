import { z } from 'zod';

// The operator's endpoints (`/operator/crm…`, docs/operations.md "The CRM"): not part of the
// public api or its OpenAPI document, guarded by the OPERATOR_TOKEN bearer, and absent without
// it. Their answers to a refusal are plain, `{ "error": "…" }`; a body the schema refuses is a
// 400 problem with field errors, as everywhere.

/** A refusal of an operator endpoint (401, 409): what is wrong, in words. */
export const OperatorRefusalSchema = z.object({ error: z.string() });
export type OperatorRefusal = z.infer<typeof OperatorRefusalSchema>;

/** A CRM organisation's id (Dataverse: WhoAmI's OrganizationId, a GUID). */
export const CrmOrganisationIdSchema = z.guid();

/**
 * `POST /operator/crm/organisation`: accepts the organisation `GET /operator/crm` shows, either
 * the other one an instance met (`organisation.seen`: the mirror follows it from now on) or the
 * kept one again (`organisation.id`: DATAVERSE_URL was put right). Any other id is refused.
 */
export const AcceptCrmOrganisationSchema = z.strictObject({ accept: CrmOrganisationIdSchema });
export type AcceptCrmOrganisation = z.infer<typeof AcceptCrmOrganisationSchema>;

/** The organisation the mirror belongs to now, and the one it belonged to before. */
export const AcceptedCrmOrganisationSchema = z.object({
  accepted: CrmOrganisationIdSchema,
  previous: CrmOrganisationIdSchema.nullable(),
});
export type AcceptedCrmOrganisation = z.infer<typeof AcceptedCrmOrganisationSchema>;
