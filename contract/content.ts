import { z } from 'zod';

/**
 * Site content (spec §1, §2): the public home's sections, edited in the back office, and the terms and
 * privacy policy as versioned documents. One schema per home section; the public home and the editor both
 * read these shapes.
 */
const text = (max: number) => z.string().trim().min(1).max(max);
const card = z.strictObject({ title: text(80), text: text(400) });

export const HOME_SECTIONS = ['hero', 'about', 'services', 'stats', 'subsidies', 'testimonials', 'otherAssets'] as const;
export type HomeSectionName = (typeof HOME_SECTIONS)[number];

/** The asset types the "other assets" cards may link to (the catalogue's property types). */
export const OTHER_ASSET_TYPES = ['office', 'commercial', 'storage_unit', 'warehouse'] as const;

export const homeSectionSchemas = {
  hero: z.strictObject({ title: text(120), text: text(600) }),
  about: z.strictObject({ title: text(80), text: text(1500), note: z.string().trim().max(400) }),
  services: z.strictObject({ title: text(80), steps: z.array(card).min(1).max(8) }),
  /** The four figures spec §9 names: clients, properties sold, millions invested, years of experience. */
  stats: z.strictObject({
    title: text(80),
    clients: z.number().int().min(0).max(10_000_000),
    propertiesSold: z.number().int().min(0).max(10_000_000),
    millionsInvested: z.number().int().min(0).max(100_000_000),
    yearsOfExperience: z.number().int().min(0).max(200),
  }),
  subsidies: z.strictObject({ title: text(80), intro: z.string().trim().max(400), items: z.array(card).min(1).max(8) }),
  testimonials: z.strictObject({
    title: text(80),
    items: z
      .array(z.strictObject({ text: text(400), who: text(120) }))
      .min(1)
      .max(8),
  }),
  otherAssets: z.strictObject({
    title: text(80),
    intro: z.string().trim().max(400),
    items: z
      .array(card.extend({ type: z.enum(OTHER_ASSET_TYPES) }))
      .min(1)
      .max(4),
  }),
} as const satisfies Record<HomeSectionName, z.ZodType>;

export type HomeSections = { [K in HomeSectionName]: z.infer<(typeof homeSectionSchemas)[K]> };

export const homeContentResponse = z.object({
  sections: z.object(homeSectionSchemas),
  /** When an editor last changed any section; null while the home shows the platform's first text. */
  updatedAt: z.string().nullable(),
  /** The weak ETag's number: send it back as If-Match to save a section. */
  revision: z.number().int(),
});
export type HomeContent = z.infer<typeof homeContentResponse>;

export const sectionParam = z.enum(HOME_SECTIONS);

export const LEGAL_DOCUMENTS = ['terms', 'privacy'] as const;
export type LegalDocumentKind = (typeof LEGAL_DOCUMENTS)[number];

/** Spec §9: a published change to the terms takes effect 10 calendar days after its publication. */
export const LEGAL_NOTICE_DAYS = 10;

export const publishLegalDocumentBody = z.strictObject({ title: text(120), body: text(50_000) });
export type PublishLegalDocument = z.infer<typeof publishLegalDocumentBody>;

const legalVersion = z.object({
  version: z.number().int().min(1),
  title: z.string(),
  /** Plain text: paragraphs split by a blank line, a line starting with "## " is a heading. */
  body: z.string(),
  publishedAt: z.string(),
  effectiveAt: z.string(),
});
export type LegalVersion = z.infer<typeof legalVersion>;

export const legalDocumentResponse = z.object({ inForce: legalVersion.nullable(), upcoming: legalVersion.nullable() });
export type LegalDocument = z.infer<typeof legalDocumentResponse>;

export const publishedLegalResponse = z.object({ version: z.number().int(), effectiveAt: z.string() });

/** PUT /content/home/:section: the section saved and the content's new revision (the next If-Match). */
export const homeSectionSavedResponse = z.object({ section: z.string(), revision: z.number().int() });
