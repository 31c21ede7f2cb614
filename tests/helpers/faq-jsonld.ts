import { readFileSync } from 'node:fs';
import Validator from '@adobe/structured-data-validator';
// Its handlers' base class: the way the library itself adds a type's required fields.
import BaseValidator from '@adobe/structured-data-validator/src/types/base.js';

/**
 * schema.org FAQPage checks with Adobe's structured-data validator (issue 28): the schema.org
 * handler checks every type and property against the vocabulary, and the handlers below add
 * Google's FAQ rich-result requirements, which the library does not cover itself. The
 * vocabulary is the FAQPage part of schema.org's schemaorg-all-https.jsonld (types and the
 * properties they accept), kept as a fixture so tests never reach the network.
 */
const vocabulary = JSON.parse(
  readFileSync(new URL('../fixtures/schemaorg-faq.jsonld', import.meta.url), 'utf8'),
) as unknown;

function handler(fields: [string, string][]) {
  return () =>
    Promise.resolve({
      default: class extends BaseValidator {
        override getConditions() {
          return fields.map(([name, type]) => this.required(name, type).bind(this));
        }
      },
    });
}

export interface JsonLdIssue {
  issueMessage: string;
  severity: 'ERROR' | 'WARNING';
}

/** Every issue (errors and warnings) the validator finds in one FAQPage JSON-LD object. */
export async function faqPageIssues(jsonLd: unknown): Promise<JsonLdIssue[]> {
  const validator = new Validator(vocabulary) as Validator & {
    registeredHandlers: Record<string, (() => Promise<unknown>)[]>;
  };
  validator.registeredHandlers.FAQPage = [handler([['mainEntity', 'arrayOrObject']])];
  validator.registeredHandlers.Question = [
    handler([
      ['name', 'string'],
      ['acceptedAnswer', 'arrayOrObject'],
    ]),
  ];
  validator.registeredHandlers.Answer = [handler([['text', 'string']])];
  const type = (jsonLd as { '@type'?: string })['@type'] ?? 'Thing';
  return (await validator.validate({
    jsonld: { [type]: [structuredClone(jsonLd)] },
  })) as JsonLdIssue[];
}

/** The JSON-LD blocks of an HTML document, parsed. */
export function jsonLdBlocks(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as unknown,
  );
}
