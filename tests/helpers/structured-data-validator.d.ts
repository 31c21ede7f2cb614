// The library ships JavaScript only; these are the parts the FAQPage checks use.
declare module '@adobe/structured-data-validator' {
  export default class Validator {
    constructor(schemaOrgJson?: unknown);
    validate(data: { jsonld?: Record<string, unknown[]> }): Promise<unknown[]>;
  }
}

declare module '@adobe/structured-data-validator/src/types/base.js' {
  export default class BaseValidator {
    constructor(options: unknown);
    getConditions(): unknown[];
    required(name: string, type?: string): (data: unknown) => unknown;
  }
}
