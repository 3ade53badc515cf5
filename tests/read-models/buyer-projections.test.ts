import { loadChileTerritory } from '../../adapters/reference/load-chile-territory';
import type { ReadStore } from '../../kernel/ports/read-store';
import type { Projection } from '../../kernel/projections/projection';
import { favoritesDecider } from '../../domain/catalog/favorites';
import { projectDecider } from '../../domain/catalog/project.decide';
import { unitDecider } from '../../domain/catalog/unit.decide';
import { ufDecider } from '../../domain/financing/uf';
import { leadDecider } from '../../domain/leads/lead.decide';
import { quoteDecider } from '../../domain/quotes/quote';
import { reservationDecider } from '../../domain/reservations/reservation.decide';
import { listCatalog } from '../../read-models/catalog/catalog.queries';
import { DocumentCatalogIndex } from '../../read-models/catalog/document-catalog-index';
import { catalogProjection } from '../../read-models/catalog/catalog.projection';
import { favoritesProjection, listFavorites } from '../../read-models/favorites/favorites.projection';
import { featuredProjection, listFeatured } from '../../read-models/featured/featured.projection';
import { leadsProjection, listLeads } from '../../read-models/leads/leads.projection';
import { getProjectDetail, listProjectUnits } from '../../read-models/project-detail/project-detail.queries';
import { projectDetailProjection } from '../../read-models/project-detail/project-detail.projection';
import { listMyQuotes, quotesProjection } from '../../read-models/quotes/quotes.projection';
import { dueHolds, listMyReservations, owedRefunds } from '../../read-models/reservations/reservations.queries';
import { approvedPayment } from '../domain/reservations/fixtures';
import { RESERVATIONS, reservationsProjection, type ReservationDoc } from '../../read-models/reservations/reservations.projection';
import { listUfValues, ufValuesProjection } from '../../read-models/uf-values/uf-values.projection';
import { projectInput, unitSpec } from '../domain/catalog/fixtures';
import { availabilityAlertsDecider } from '../../domain/alerts/availability-alerts';
import { alertsProjection, listMyAlerts } from '../../read-models/alerts/alerts.projection';
import { waitingAlertsForUnits } from '../../read-models/alerts/alerts.queries';
import { decidedHistory, expectRedeliveryChangesNothing, projectionSpec } from '../support/projection-spec';

const T0 = Date.parse('2026-11-22T12:00:00.000Z');
/** A day of the promotion's month; 1 December 02:30 UTC is still 30 November in Santiago (UTC-3), 03:30 UTC is December there. */
const NOVEMBER = new Date(T0);
const DECEMBER_IN_SANTIAGO = new Date('2026-12-01T03:30:00.000Z');
const NOVEMBER_NIGHT_IN_SANTIAGO = new Date('2026-12-01T02:30:00.000Z');
const { run, wait, log } = decidedHistory('2026-11-22T12:00:00.000Z');

const projects = projectDecider(loadChileTerritory());
run('project-p1', projects, { type: 'CreateProject', projectId: 'p1', details: projectInput(), pricing: { bonusEnabled: true, bonusDescription: 'Bono pie' } });
run('project-p1', projects, { type: 'AddProjectImage', imageId: 'card', category: 'card', name: 'Tarjeta', fileRef: 'projects/p1/card.svg', primary: true });
run('project-p1', projects, { type: 'AddProjectImage', imageId: 'g1', category: 'gallery', name: 'Vista', fileRef: 'projects/p1/g1.svg', primary: false });
run('project-p1', projects, { type: 'RemoveProjectImage', imageId: 'g1' });
run('project-p1', projects, {
  type: 'AddFloorPlan',
  planId: '2d2b-A',
  typology: '2D2B',
  model: 'A',
  name: '2D2B A',
  fileRef: 'projects/p1/plans/2d2b-A.svg',
  primary: true,
});
run('project-p1', projects, {
  type: 'PublishMonthlyPromotion',
  promotionId: 'nov',
  month: '2026-11',
  title: 'Noviembre',
  description: '5 %',
  discountPercent: 5,
});
run('project-p1', projects, { type: 'EnableProject' });
run('project-p1', projects, { type: 'FeatureProject', order: 1 });
run('project-p2', projects, {
  type: 'CreateProject',
  projectId: 'p2',
  details: projectInput({ name: 'Casas del Sur', assetType: 'house', communeCode: '13119' }),
});
run('project-p2', projects, { type: 'EnableProject' });
for (const [n, price, bedrooms] of [
  ['101', 3000, 1],
  ['102', 4000, 2],
  ['103', 5000, 3],
] as const) {
  run(`unit-u${n}`, unitDecider, {
    type: 'AddUnit',
    unitId: `u${n}`,
    projectId: 'p1',
    spec: unitSpec({ unitNumber: n, regularPrice: price, discountPrice: null, bedrooms }),
  });
}
run('unit-u201', unitDecider, {
  type: 'AddUnit',
  unitId: 'u201',
  projectId: 'p2',
  spec: unitSpec({ unitNumber: 'C-01', typology: 'Casa', regularPrice: 6000, discountPrice: null, bedrooms: 4 }),
});
run('project-p1', projects, {
  type: 'CustomizeUnitFloorPlan',
  unitId: 'u103',
  basePlanId: '2d2b-A',
  name: 'Unidad 103',
  fileRef: 'projects/p1/plans/unit-103.svg',
});
run('unit-u101', unitDecider, { type: 'UpdateUnit', changes: { discountPrice: 2900 } });
run('unit-u103', unitDecider, { type: 'RecordSale', saleId: 's1' });

// Reservation r1 on unit 102: held, paid, confirmed. r2 on unit 101: held, paid after expiry, refunded.
const request = (id: string, unitId: string, unitNumber: string, buyerId = 'b1') => ({
  type: 'RequestReservation' as const,
  reservationId: id,
  unitId,
  projectId: 'p1',
  projectName: 'Parque',
  unitNumber,
  buyerId,
  buyerEmail: 'b1@x.cl',
  buyerName: 'B',
  amountCLP: 500_000,
});
const outcome = approvedPayment('t', { transactionDate: 'x' });
const start = (token: string) => ({
  type: 'StartPayment' as const,
  gateway: 'sandbox',
  token,
  url: '/pay',
  buyOrder: 'R1',
  sessionId: 'b1',
  amountCLP: 500_000,
  returnUrl: 'http://x',
});
run('reservation-r1', reservationDecider, request('r1', 'u102', '102'), 'b1');
run('unit-u102', unitDecider, { type: 'HoldForReservation', reservationId: 'r1', buyerId: 'b1', holdExpiresAt: new Date(T0 + 3_600_000).toISOString() });
run('reservation-r1', reservationDecider, { type: 'RecordUnitHeld', holdExpiresAt: new Date(T0 + 3_600_000).toISOString() });
run('reservation-r1', reservationDecider, start('t'), 'b1');
run('reservation-r1', reservationDecider, { type: 'RecordPaymentResult', ...outcome });
run('unit-u102', unitDecider, { type: 'ConfirmReserved', reservationId: 'r1' });
run('reservation-r1', reservationDecider, { type: 'ConfirmReservation' });
run('reservation-r1', reservationDecider, { type: 'RecordReceiptSent', to: 'b1@x.cl' });
run('reservation-r2', reservationDecider, request('r2', 'u101', '101'), 'b1');
run('unit-u101', unitDecider, { type: 'HoldForReservation', reservationId: 'r2', buyerId: 'b1', holdExpiresAt: new Date(T0 + 60_000).toISOString() });
run('reservation-r2', reservationDecider, { type: 'RecordUnitHeld', holdExpiresAt: new Date(T0 + 60_000).toISOString() });
run('reservation-r2', reservationDecider, start('t2'), 'b1');
wait(120);
run('reservation-r2', reservationDecider, { type: 'ExpireReservation' });
run('unit-u101', unitDecider, { type: 'ReleaseHold', reservationId: 'r2', reason: 'expired' });
run('reservation-r2', reservationDecider, { type: 'RecordPaymentResult', ...outcome, token: 't2' });
const beforeRefund = log.length;
run('reservation-r2', reservationDecider, {
  type: 'RecordRefund',
  gateway: 'sandbox',
  token: 't2',
  amountCLP: 500_000,
  refundType: 'REVERSED',
  responseCode: 0,
  authorizationCode: '1',
});
run('reservation-r3', reservationDecider, request('r3', 'u102', '102', 'b2'), 'b2');
run('reservation-r3', reservationDecider, { type: 'RejectReservation', code: 'UNIT_ALREADY_RESERVED' });

// b2, refused, sets alerts: on unit 101 (answered once it is free) and on any unit of p1 (then removed).
const alertOf = (alertId: string, unitId: string | null, unitNumber: string | null) => ({
  type: 'SetAvailabilityAlert' as const,
  alertId,
  userId: 'b2',
  email: 'b2@x.cl',
  name: 'B2',
  target: { projectId: 'p1', projectName: 'Parque', unitId, unitNumber },
});
run('alerts-b2', availabilityAlertsDecider, alertOf('a1', 'u101', '101'), 'b2');
run('alerts-b2', availabilityAlertsDecider, alertOf('a2', null, null), 'b2');
run('alerts-b2', availabilityAlertsDecider, { type: 'RecordAlertNotified', alertId: 'a1', userId: 'b2', unitId: 'u101', unitNumber: '101', sentTo: 'b2@x.cl' });
run('alerts-b2', availabilityAlertsDecider, { type: 'RemoveAvailabilityAlert', alertId: 'a2', userId: 'b2' }, 'b2');

const quoteInputs = {
  quoteId: 'q1',
  userId: 'b1',
  project: { projectId: 'p1', name: 'Parque', communeName: 'Ñuñoa', realEstateName: 'Andes' },
  unit: { unitId: 'u101', unitNumber: '101', typology: '2D2B', model: 'A', bedrooms: 1, bathrooms: 1, innerSurface: 40, outerSurface: 4 },
  pricing: 'normal' as const,
  priceUF: 3000,
  downPaymentPercent: 20,
  companyContributionUF: 150,
  realEstateContributionUF: 0,
  annualRatePercent: 4,
  termYears: 20,
  convention: 'nominal' as const,
  maxDebtRatioPercent: 25,
  ufValue: 40877.18,
  ufDate: '2026-11-22',
  validityDays: 7,
};
run('quote-q1', quoteDecider, { type: 'IssueQuote', ...quoteInputs }, 'b1');
run('quote-q1', quoteDecider, { type: 'RecordQuoteDownload' }, 'b1');
run('quote-q1', quoteDecider, { type: 'RecordQuoteDownload' }, 'b1');
run('quote-q1', quoteDecider, { type: 'RecordQuoteEmailed', to: 'b1@x.cl' }, 'b1');
run('favorites-b1', favoritesDecider, { type: 'AddFavorite', userId: 'b1', projectId: 'p1' }, 'b1');
run('favorites-b1', favoritesDecider, { type: 'AddFavorite', userId: 'b1', projectId: 'p2' }, 'b1');
run('favorites-b1', favoritesDecider, { type: 'RemoveFavorite', userId: 'b1', projectId: 'p2' }, 'b1');
const contact = { name: 'Ana', dni: null, email: 'ana@x.cl', phone: '+56912345678', company: null, monthlyIncome: null, userId: null };
const activity = { projectId: 'p1', unitId: null, message: 'Hola', preferredContactMethod: 'email' as const, preferredTime: 'any' as const };
run('lead-l1', leadDecider, { type: 'RecordLeadActivity', leadId: 'l1', contact, activity: { ...activity, activityId: 'a1', kind: 'contact_request' } });
run('lead-l1', leadDecider, {
  type: 'RecordLeadActivity',
  leadId: 'l1',
  contact: { ...contact, monthlyIncome: 2_000_000 },
  activity: { ...activity, activityId: 'a2', kind: 'quote_downloaded' },
});
run('financial-parameter-uf', ufDecider, {
  type: 'RecordUfValues',
  values: [
    { date: '2026-11-21', value: 40870.5 },
    { date: '2026-11-22', value: 40877.18 },
  ],
  source: 'seed',
});
run('financial-parameter-uf', ufDecider, { type: 'RecordUfValues', values: [{ date: '2026-11-22', value: 40877.2 }], source: 'admin' });

const JOURNEY_PROJECTIONS: Projection[] = [
  catalogProjection,
  projectDetailProjection,
  featuredProjection,
  favoritesProjection,
  quotesProjection,
  reservationsProjection,
  leadsProjection,
  ufValuesProjection,
  alertsProjection,
];

describe('journey projections', () => {
  it('every event of the scenario is one a projection reacts to', () => {
    const handled = new Set(JOURNEY_PROJECTIONS.flatMap((p) => p.eventTypes));
    expect(log.filter((e) => !handled.has(e.type)).map((e) => e.type)).toEqual([]);
  });

  it.each(JOURNEY_PROJECTIONS.map((p) => [p.name, p] as const))('%s: each event delivered twice gives the same documents', async (_name, projection) => {
    await expectRedeliveryChangesNothing([projection], log);
  });

  describe('the documents the screens read', () => {
    let store: ReadStore;
    beforeAll(async () => {
      ({ store } = await projectionSpec(JOURNEY_PROJECTIONS).given(log));
    });

    it('catalogue card: price range and bedrooms of available units, counts, card image, promotions', async () => {
      const page = (await listCatalog(new DocumentCatalogIndex(store), { sort: 'featured', limit: 10 }, NOVEMBER)).value();
      expect(page.total).toBe(2);
      expect(page.items[0]).toMatchObject({
        id: 'p1',
        featured: true,
        imageUrl: '/files/projects/p1/card.svg',
        priceFromUF: 2900,
        priceToUF: 2900,
        bedrooms: [1],
        units: { total: 3, available: 1, reserved: 1, sold: 1 },
        bonusPricing: true,
        promotions: [{ month: '2026-11', title: 'Noviembre', discountPercent: 5 }],
      });
      expect(
        (await listCatalog(new DocumentCatalogIndex(store), { sort: 'featured', limit: 10, bedrooms: [4] }, NOVEMBER)).value().items.map((i) => i.id),
      ).toEqual(['p2']);
    });

    it("a promotion shows in its month only, Chile's month: outside it no card, featured list, favourite or project page carries it", async () => {
      const promotionsOf = async (now: Date) => ({
        card: (await listCatalog(new DocumentCatalogIndex(store), { sort: 'featured', limit: 10 }, now)).value().items.find((i) => i.id === 'p1')!.promotions,
        featured: (await listFeatured(store, 10, now)).items[0].promotions,
        favourite: (await listFavorites(store, 'b1', now)).items[0].promotions,
        page: (await getProjectDetail(store, 'p1', 'https://vivienda.cl', now))!.promotions,
      });
      expect(await promotionsOf(NOVEMBER_NIGHT_IN_SANTIAGO)).toEqual({
        card: [expect.objectContaining({ month: '2026-11' })],
        featured: [expect.objectContaining({ month: '2026-11' })],
        favourite: [expect.objectContaining({ month: '2026-11' })],
        page: [expect.objectContaining({ month: '2026-11' })],
      });
      expect(await promotionsOf(DECEMBER_IN_SANTIAGO)).toEqual({ card: [], featured: [], favourite: [], page: [] });
    });

    it('project page and unit table: statuses, floor plans (customised for one unit), images by category', async () => {
      const detail = await getProjectDetail(store, 'p1', 'https://vivienda.cl', NOVEMBER);
      expect(detail).toMatchObject({
        name: 'Edificio Parque Ñuñoa',
        communeName: 'Ñuñoa',
        units: { total: 3, available: 1, priceFromUF: 2900 },
        shareUrl: 'https://vivienda.cl/projects/p1',
      });
      expect(Object.keys(detail!.images)).toEqual(['card']);
      const units = await listProjectUnits(store, 'p1');
      expect(units!.items.map((u) => [u.id, u.commercialStatus, u.floorPlan?.customized])).toEqual([
        ['u101', 'not_reserved', false],
        ['u102', 'reserved', false],
        ['u103', 'sold', true],
      ]);
      expect(units!.items[0]).toMatchObject({ normalPriceUF: 2900, bonusPriceUF: 4400, available: true });
    });

    it('featured list in order, favourites without the removed one', async () => {
      expect((await listFeatured(store, 10, NOVEMBER)).items.map((i) => i.id)).toEqual(['p1']);
      expect((await listFavorites(store, 'b1', NOVEMBER)).items.map((i) => i.id)).toEqual(['p1']);
    });

    it('my reservations: confirmed, expired with its refund, a refused attempt left out; nothing due or owed any more', async () => {
      const mine = await listMyReservations(store, 'b1');
      const byId = Object.fromEntries(mine.items.map((r) => [r.id, r]));
      expect(byId.r1).toMatchObject({ status: 'confirmed', paymentOutcome: 'confirmed', refundDue: false, receiptSentTo: 'b1@x.cl' });
      expect(byId.r2).toMatchObject({ status: 'expired', paymentOutcome: 'confirmed', refunded: true, refundDue: false, refund: { refundType: 'REVERSED' } });
      expect(byId.r2.history.map((h) => h.type)).toEqual([
        'ReservationRequested',
        'ReservationUnitHeld',
        'ReservationPaymentStarted',
        'ReservationExpired',
        'ReservationPaymentConfirmed',
        'ReservationRefundRecorded',
      ]);
      expect(await listMyReservations(store, 'b2')).toEqual({ items: [], total: 0 });
      expect(await store.collection<ReservationDoc>(RESERVATIONS).find({ unitId: 'u102', buyerId: 'b2' })).toEqual([
        expect.objectContaining({ status: 'rejected', rejection: 'UNIT_ALREADY_RESERVED' }),
      ]);
      expect(await dueHolds(store, new Date(T0 + 86_400_000).toISOString())).toEqual([]);
      expect(await owedRefunds(store)).toEqual([]);
    });

    it('alerts: the answered one listed as notified, the removed one gone; nothing left waiting', async () => {
      expect(await listMyAlerts(store, 'b2')).toEqual({
        total: 1,
        items: [expect.objectContaining({ id: 'a1', unitId: 'u101', status: 'notified', notifiedUnitNumber: '101', notifiedAt: expect.any(String) })],
      });
      expect(await waitingAlertsForUnits(store, [{ projectId: 'p1', unitId: 'u101' }])).toEqual([[]]);
    });

    it('an owed refund is listed until it is recorded', async () => {
      const partial = await projectionSpec([reservationsProjection]).given(log.slice(0, beforeRefund));
      expect(await owedRefunds(partial.store)).toEqual(['r2']);
    });

    it('my quotes, leads and the UF table', async () => {
      expect((await listMyQuotes(store, 'b1', { page: 1, perPage: 10 }, new Date(T0))).items[0]).toMatchObject({
        number: 'COT-20261122-Q1',
        downloads: 2,
        emailedTo: [{ to: 'b1@x.cl' }],
      });
      expect((await listMyQuotes(store, 'b1', { from: '2026-11-23', page: 1, perPage: 10 }, new Date(T0))).total).toBe(0);
      const leads = await listLeads(store, { page: 1, perPage: 10 });
      expect(leads.items[0]).toMatchObject({
        email: 'ana@x.cl',
        status: 'downloaded',
        contactRequests: 1,
        documentsDownloaded: 1,
        monthlyIncome: 2_000_000,
        projectIds: ['p1'],
      });
      expect((await listUfValues(store, { limit: 10 })).items).toEqual([
        expect.objectContaining({ date: '2026-11-22', value: 40877.2, previousValue: 40877.18 }),
        expect.objectContaining({ date: '2026-11-21', value: 40870.5 }),
      ]);
    });
  });
});
