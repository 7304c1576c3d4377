// Errors in the Web API's JSON error format, `{ "error": { "code": "0x…", "message": "…" } }`
// (learn.microsoft.com/power-apps/developer/data-platform/webapi/compose-http-requests-handle-errors).
// The codes are Dataverse's hexadecimal error codes where the documentation names one; a client
// should decide by the HTTP status, as the documentation advises.

export class DataverseError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  toJSON() {
    return { error: { code: this.code, message: this.message } };
  }
}

export const errors = {
  segmentNotFound: (segment: string) =>
    new DataverseError(404, '0x8006088a', `Resource not found for the segment '${segment}'.`),
  unknownProperty: (property: string, logicalName: string) =>
    new DataverseError(
      400,
      '0x0',
      `Could not find a property named '${property}' on type 'Microsoft.Dynamics.CRM.${logicalName}'.`,
    ),
  invalidBodyProperty: (property: string, logicalName: string) =>
    new DataverseError(
      400,
      '0x80060888',
      `The property '${property}' does not exist on type 'Microsoft.Dynamics.CRM.${logicalName}'. Make sure to only use property names that are defined by the type or mark the type as open type.`,
    ),
  /**
   * `<name>@odata.bind` where no single-valued navigation property has that name: the OData
   * parser compares names case-sensitively, so `pp_accountid` for `pp_AccountId` lands here
   * (Microsoft Learn: "Troubleshoot Dataverse Web API client errors",
   * https://learn.microsoft.com/troubleshoot/power-platform/power-apps/dataverse/web-api-client-errors).
   */
  undeclaredNavigation: (property: string, logicalName: string) =>
    new DataverseError(
      400,
      '0x80048d19',
      `Error identified in Payload provided by the user for Entity :'${logicalName}', For more information on this error please follow this help link https://go.microsoft.com/fwlink/?linkid=2195293  ---->  InnerException : Microsoft.OData.ODataException: An undeclared property '${property}' which only has property annotations in the payload but no property value was found in the payload. In OData, only declared navigation properties and declared named streams can be represented as properties without values.`,
    ),
  invalidValue: (message: string) => new DataverseError(400, '0x80048d19', message),
  badRequest: (message: string) => new DataverseError(400, '0x0', message),
  notFound: (logicalName: string, id: string) =>
    new DataverseError(404, '0x80040217', `${logicalName} With Id = ${id} Does Not Exist`),
  /** If-Match with a version that is no longer current (optimistic concurrency). */
  versionMismatch: () =>
    new DataverseError(
      412,
      '0x80060882',
      "The version of the existing record doesn't match the RowVersion property provided.",
    ),
  /** If-None-Match: * on an existing record, or a create with a key that exists. */
  exists: () =>
    new DataverseError(412, '0x80040237', 'A record with matching key values already exists.'),
  throttled: (retryAfterSeconds: number) =>
    new DataverseError(
      429,
      '0x80072322',
      'Number of requests exceeded the limit of 6000 over time window of 300 seconds.',
      { 'retry-after': String(retryAfterSeconds) },
    ),
  refused: (message: string) => new DataverseError(400, '0x80040265', message),
  /**
   * A delete refused by a relationship with Delete "Restrict" while rows name the record:
   * CannotDeleteDueToAssociation, one of the errors the Web API answers with 405.
   */
  cannotDeleteDueToAssociation: () =>
    new DataverseError(
      405,
      '0x80040227',
      'The object you tried to delete is associated with another object and cannot be deleted.',
    ),
  /**
   * A delta link older than the change tracking data the environment keeps
   * (ExpireChangeTrackingInDays): ExpiredVersionStamp, "perform a full sync".
   */
  expiredVersionStamp: () =>
    new DataverseError(
      400,
      '0x80044352',
      'Version stamp associated with the client has expired. Please perform a full sync.',
    ),
  methodNotAllowed: (method: string) =>
    new DataverseError(405, '0x0', `The HTTP verb ${method} is not allowed here.`),
};
