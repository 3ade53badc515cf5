import { lazy, Suspense, useEffect } from 'react';
import { alertSetRequested } from '../../features/alerts/slice';
import type { UnitRow } from '../../features/catalog/api/catalog-api';
import { UNIT_STATUS_LABELS } from '../../features/catalog/labels';
import ProjectDetailsPage, { type ProjectContext } from '../../features/catalog/pages/ProjectDetailsPage';
import { contactFormClosed, contactFormOpened, selectContact } from '../../features/contact/slice';
import { QuoteCalculator } from '../../features/quotes/components/QuoteCalculator';
import type { CalculatorUnit } from '../../features/quotes/calculator';
import { ReservePanel, type ReservableUnit } from '../../features/reservations/components/ReservePanel';
import { useAppDispatch, useAppSelector } from '../../shared/store/StoreProvider';
import { Button } from '../../shared/ui/Button';
import { Row } from '../../shared/ui/layout';
import { useViewer } from '../hooks/useViewer';

/** The contact form (and the phone rules it validates with) downloads when a visitor opens it. */
const ContactRequestModal = lazy(() => import('../../features/contact/components/ContactRequestModal').then((m) => ({ default: m.ContactRequestModal })));

const calculatorUnit = (unit: UnitRow | null, priceUF: number | null): CalculatorUnit | null =>
  unit && priceUF !== null
    ? {
        id: unit.id,
        unitNumber: unit.unitNumber,
        priceUF,
        downPaymentPercent: unit.downPaymentPercentage,
        realEstateContributionUF: unit.realEstateContribution,
      }
    : null;

/** A sale is final: no alert on a sold unit could ever be answered, so none is offered. */
const reservableUnit = (unit: UnitRow | null): ReservableUnit | null =>
  unit
    ? {
        id: unit.id,
        unitNumber: unit.unitNumber,
        available: unit.available,
        canAlert: !unit.available && unit.commercialStatus !== 'sold',
        statusLabel: UNIT_STATUS_LABELS[unit.commercialStatus],
      }
    : null;

/**
 * The project page (catalog) with the calculator (quotes), the reservation (reservations), the
 * availability alerts (alerts) and the contact requests (contact) composed in: features do not know
 * each other, the app wires them.
 */
export default function ProjectDetailsRoute() {
  const { authenticated, signIn, contactDefaults } = useViewer();
  const dispatch = useAppDispatch();
  const contactOpen = useAppSelector(selectContact).open;

  useEffect(
    () => () => {
      dispatch(contactFormClosed());
    },
    [dispatch],
  );

  const openContact = (ctx: ProjectContext, kind: 'contact' | 'advisor') =>
    dispatch(contactFormOpened({ kind, projectId: ctx.project.id, projectName: ctx.project.name, unitId: ctx.unit?.id ?? null }));

  /** "Avisarme si se libera" / "Configurar alertas": the selected unit, or any unit of the project. */
  const setAlert = (ctx: ProjectContext) => {
    if (!authenticated) signIn();
    else dispatch(alertSetRequested({ projectId: ctx.project.id, unitId: ctx.unit?.id ?? null }));
  };

  return (
    <>
      <ProjectDetailsPage
        authenticated={authenticated}
        onSignIn={signIn}
        calculator={(ctx) => (
          <QuoteCalculator unit={calculatorUnit(ctx.unit, ctx.priceUF)} pricing={ctx.pricing} authenticated={authenticated} onSignIn={signIn} />
        )}
        reservation={(ctx) => (
          <ReservePanel
            unit={reservableUnit(ctx.unit)}
            project={{
              id: ctx.project.id,
              name: ctx.project.name,
              reservationPriceCLP: ctx.project.reservationPrice,
              reservationPaid: ctx.project.reservationPaid,
            }}
            pricing={ctx.pricing}
            authenticated={authenticated}
            onSignIn={signIn}
            onExploreUnits={ctx.showUnits}
            onContactSales={() => openContact(ctx, 'contact')}
            onSetAlerts={() => setAlert(ctx)}
          />
        )}
        contact={(ctx) => (
          <Row $gap={2}>
            <Button variant="primary" onClick={() => openContact(ctx, 'advisor')}>
              Agendar con asesor
            </Button>
            <Button onClick={() => openContact(ctx, 'contact')}>Solicitar contacto</Button>
          </Row>
        )}
      />
      {contactOpen && (
        <Suspense fallback={null}>
          <ContactRequestModal defaults={contactDefaults} />
        </Suspense>
      )}
    </>
  );
}
