export interface LegalArticle {
  title: string;
  /** `{seller}`, `{brand}` and `{email}` are filled from the public configuration. */
  paragraphs: string[];
}
