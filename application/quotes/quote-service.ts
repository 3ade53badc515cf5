import { unitPrice } from '../../domain/catalog/unit';
import { assertProcessingAllowed } from '../personal-data/processing-guard';
import { FINANCING_DEFAULTS, type RateConvention } from '../../domain/financing/mortgage';
import { QUOTE_VALIDITY_DAYS, quoteDecider, quoteStream, type QuoteIssuedData } from '../../domain/quotes/quote';
import { DomainError } from '../../domain/shared/errors';
import type { CommandMetadata } from '../../domain/shared/event';
import { formatCLP, formatDate, formatUF, formatUfValue } from '../../domain/shared/es-cl-format';
import { formatRut } from '../../domain/shared/rut';
import { collaboratorOfUser } from '../../read-models/collaborators/collaborators.queries';
import type { CatalogService } from '../catalog/catalog-service';
import { handleCommand } from '../../kernel/command-handling/handle-command';
import { chileDate, type UfService } from '../financing/uf-service';
import type { Buyer } from '../leads/buyer';
import type { LeadService } from '../leads/lead-service';
import type { IdGenerator } from '../../kernel/ports/clock';
import type { EventStore } from '../../kernel/ports/event-store';
import type { Mailer } from '../../kernel/ports/mailer';
import type { ReadStore } from '../../kernel/ports/read-store';
import type { ParametersInForce } from '../financing/financing-service';
import type { DocumentRenderer } from './documents';

export interface QuoteRequest {
  unitId: string;
  pricing?: 'normal' | 'bonus';
  downPaymentPercent?: number;
  annualRatePercent?: number;
  termYears?: number;
  convention?: RateConvention;
  maxDebtRatioPercent?: number;
}

/** The mail's template writes 'UF {{priceUF}}': the amount alone, es-CL with two decimals. */
const ufAmount = (value: number): string => formatUF(value).replace(/^UF /, '');

/** Quotes: priced at the unit's price, financed with the buyer's company contribution, at today's UF. */
export class QuoteService {
  constructor(
    private readonly events: EventStore,
    private readonly store: ReadStore,
    private readonly catalog: CatalogService,
    private readonly uf: UfService,
    private readonly leads: LeadService,
    private readonly renderer: DocumentRenderer,
    private readonly mailer: Mailer,
    private readonly ids: IdGenerator,
    private readonly parameters: ParametersInForce,
  ) {}

  async create(buyer: Buyer, request: QuoteRequest, meta: CommandMetadata): Promise<{ quote: QuoteIssuedData; position: number }> {
    await assertProcessingAllowed(this.events, buyer.userId);
    const unit = await this.catalog.unit(request.unitId);
    if (unit.status === 'absent') throw new DomainError('NOT_FOUND', 'unit');
    const project = await this.catalog.project(unit.projectId);
    if (project.status !== 'enabled' || !unit.enabled || unit.status === 'sold') throw new DomainError('PROPERTY_NOT_AVAILABLE', 'unit not offered');
    if (unit.status !== 'not_reserved') throw new DomainError('UNIT_ALREADY_RESERVED', 'unit taken');
    const pricing = request.pricing ?? 'normal';
    if (pricing === 'bonus' && (!project.pricing.bonusEnabled || unit.spec.footVoucherPrice === null))
      throw new DomainError('VALIDATION_FAILED', 'no bonus pricing', [
        { field: 'pricing', code: 'INVALID_VALUE', message: 'Esta unidad no tiene precio con bono pie.' },
      ]);
    const collaborator = await collaboratorOfUser(this.store, buyer.userId);
    // The parameters in force now are recorded in the quote: it keeps them whatever changes later.
    const [uf, defaults] = await Promise.all([this.uf.valueOn(chileDate(meta.now)), this.parameters.inForce()]);
    const quoteId = this.ids.newId();
    const result = await handleCommand(
      this.events,
      quoteStream(quoteId),
      quoteDecider,
      {
        type: 'IssueQuote',
        quoteId,
        userId: buyer.userId,
        project: {
          projectId: project.projectId,
          name: project.details.name,
          communeName: project.details.communeName,
          realEstateName: project.details.realEstate.name,
        },
        unit: {
          unitId: unit.unitId,
          unitNumber: unit.spec.unitNumber,
          typology: unit.spec.typology,
          model: unit.spec.model,
          bedrooms: unit.spec.bedrooms,
          bathrooms: unit.spec.bathrooms,
          innerSurface: unit.spec.innerSurface,
          outerSurface: unit.spec.outerSurface,
        },
        pricing,
        priceUF: unitPrice(unit.spec, pricing),
        downPaymentPercent: request.downPaymentPercent ?? (unit.spec.downPaymentPercentage || defaults.downPaymentPercent),
        companyContributionUF: collaborator?.companyContributionUF ?? 0,
        // The real-estate company's contribution is the "bono pie": it belongs to bonus pricing only, as in
        // the calculator; under the normal price the buyer's down payment carries no such contribution.
        realEstateContributionUF: pricing === 'bonus' ? unit.spec.realEstateContribution : 0,
        annualRatePercent: request.annualRatePercent ?? defaults.annualRatePercent,
        termYears: request.termYears ?? defaults.termYears,
        convention: request.convention ?? FINANCING_DEFAULTS.convention,
        maxDebtRatioPercent: request.maxDebtRatioPercent ?? defaults.maxDebtRatioPercent,
        desgravamenMonthlyRatePercent: defaults.desgravamenMonthlyRatePercent,
        fireEarthquakeMonthlyRatePercent: defaults.fireEarthquakeMonthlyRatePercent,
        ufValue: uf.value,
        ufDate: uf.date,
        validityDays: QUOTE_VALIDITY_DAYS,
      },
      meta,
    );
    return { quote: result.events[0].data as QuoteIssuedData, position: result.position };
  }

  /** The quote as issued; someone else's quote is answered as not found. */
  async issued(quoteId: string, buyer: Buyer): Promise<QuoteIssuedData> {
    const [first] = await this.events.readStream(quoteStream(quoteId));
    const quote = first?.type === 'QuoteIssued' ? (first.data as QuoteIssuedData) : null;
    if (!quote || quote.userId !== buyer.userId) throw new DomainError('NOT_FOUND', 'quote');
    return quote;
  }

  async pdf(quoteId: string, buyer: Buyer, meta: CommandMetadata): Promise<{ quote: QuoteIssuedData; pdf: Buffer }> {
    const quote = await this.issued(quoteId, buyer);
    const pdf = await this.renderer.quote(quote, this.recipient(buyer));
    await handleCommand(this.events, quoteStream(quoteId), quoteDecider, { type: 'RecordQuoteDownload' }, meta);
    await this.leads.recordForBuyer(
      buyer,
      { activityId: `quote:${quoteId}`, kind: 'quote_downloaded', projectId: quote.project.projectId, unitId: quote.unit.unitId },
      meta,
    );
    return { quote, pdf };
  }

  /** Sends the PDF to the buyer's own email (never to an address typed in: no open relay). */
  async email(quoteId: string, buyer: Buyer, meta: CommandMetadata): Promise<{ to: string; position: number }> {
    await assertProcessingAllowed(this.events, buyer.userId);
    const quote = await this.issued(quoteId, buyer);
    const pdf = await this.renderer.quote(quote, this.recipient(buyer));
    await this.mailer.send({
      to: buyer.email,
      subjectId: buyer.userId,
      template: 'quote',
      variables: {
        name: buyer.name,
        quoteNumber: quote.number,
        unitNumber: quote.unit.unitNumber,
        projectName: quote.project.name,
        priceUF: ufAmount(quote.priceUF),
        priceCLP: formatCLP(quote.priceCLP),
        ufDate: formatDate(quote.ufDate),
        ufValue: formatUfValue(quote.ufValue),
        dividendUF: ufAmount(quote.financing.totalMonthlyPaymentUF),
        dividendCLP: formatCLP(quote.financing.totalMonthlyPaymentCLP),
        validUntil: formatDate(quote.validUntil),
      },
      attachments: [{ filename: `cotizacion-${quote.number}.pdf`, content: pdf, contentType: 'application/pdf' }],
    });
    const result = await handleCommand(this.events, quoteStream(quoteId), quoteDecider, { type: 'RecordQuoteEmailed', to: buyer.email }, meta);
    await this.leads.recordForBuyer(
      buyer,
      { activityId: `quote-email:${quoteId}`, kind: 'quote_emailed', projectId: quote.project.projectId, unitId: quote.unit.unitId },
      meta,
    );
    return { to: buyer.email, position: result.position };
  }

  private recipient(buyer: Buyer) {
    return { name: buyer.name, email: buyer.email, rut: formatRut(buyer.rut) };
  }
}
