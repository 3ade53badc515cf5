import styled from 'styled-components';
import { formatCLP, formatMonth, formatPercent, formatPhone, formatRut, formatUF } from '../../../../shared/format/format';
import { BoldText } from '../../../../shared/ui/BoldText';
import { Badge, Card, DescriptionList } from '../../../../shared/ui/layout';
import type { ProjectDetail } from '../../api/catalog-api';
import { LocationCard } from '../LocationCard';

const Tags = styled.ul`
  list-style: none;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  padding: 0;
  margin: 0;
  li {
    padding: ${({ theme }) => `${theme.space(1)} ${theme.space(3)}`};
    border-radius: 999px;
    background: ${({ theme }) => theme.colors.surfaceAlt};
    font-size: 0.9375rem;
  }
`;

/** Descripción: the text (with its bold) and the added value. */
export function ProjectDescription({ project }: { readonly project: ProjectDetail }) {
  return (
    <Card aria-labelledby="titulo-descripcion">
      <h2 id="titulo-descripcion">Descripción</h2>
      <p>
        <BoldText value={project.description} />
      </p>
      {project.addedValue && (
        <p>
          <strong>Plusvalía:</strong> {project.addedValue}
          {project.capitalGain > 0 ? ` Estimación anual: ${formatPercent(project.capitalGain, 1)}.` : ''}
        </p>
      )}
    </Card>
  );
}

/** Características: the highlights and the amenities. */
export function ProjectFeatures({ project }: { readonly project: ProjectDetail }) {
  return (
    <Card aria-labelledby="titulo-caracteristicas">
      <h2 id="titulo-caracteristicas">Características</h2>
      {project.relevantFeatures.length > 0 && (
        <>
          <h3>Lo más destacado</h3>
          <ul>
            {project.relevantFeatures.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </>
      )}
      {project.features.length > 0 && (
        <>
          <h3>Amenidades</h3>
          <Tags>
            {project.features.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </Tags>
        </>
      )}
    </Card>
  );
}

/** Promociones of the month, when there are any. */
export function ProjectPromotions({ project }: { readonly project: ProjectDetail }) {
  if (project.promotions.length === 0) return null;
  return (
    <Card aria-labelledby="titulo-promociones">
      <h2 id="titulo-promociones">Promociones</h2>
      <ul>
        {project.promotions.map((p) => (
          <li key={p.promotionId}>
            <strong>{p.title}</strong> ({formatMonth(p.month)})
            {p.discountPercent !== null && <Badge $tone="warning"> {formatPercent(p.discountPercent, 0)} de descuento</Badge>}
            <br />
            {p.description}
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** Ficha del proyecto: developer, delivery, units, prices, reservation and contact. */
export function ProjectFacts({ project }: { readonly project: ProjectDetail }) {
  return (
    <Card aria-labelledby="titulo-ficha">
      <h2 id="titulo-ficha">Ficha del proyecto</h2>
      <DescriptionList>
        <dt>Inmobiliaria</dt>
        <dd>
          {project.realEstate.name} (RUT {formatRut(project.realEstate.rut)})
        </dd>
        <dt>Entrega</dt>
        <dd>{formatMonth(project.deliveryDate)}</dd>
        <dt>Estado de la obra</dt>
        <dd>{project.buildStatusLabel}</dd>
        <dt>Unidades disponibles</dt>
        <dd>
          {project.units.available} de {project.units.total}
        </dd>
        <dt>Precios</dt>
        <dd>
          {project.units.priceFromUF === null || project.units.priceToUF === null
            ? 'Sin unidades disponibles'
            : `${formatUF(project.units.priceFromUF)} a ${formatUF(project.units.priceToUF)}`}
        </dd>
        <dt>Reserva</dt>
        <dd>
          {formatCLP(project.reservationPrice)}
          {project.reservationToDownPayment ? ', abonable al pie' : ''}; reembolsable si la unidad no se confirma.
        </dd>
        <dt>Contacto</dt>
        <dd>
          <a href={`mailto:${project.contactEmail}`}>{project.contactEmail}</a> ·{' '}
          <a href={`tel:${project.contactPhone}`}>{formatPhone(project.contactPhone)}</a>
        </dd>
      </DescriptionList>
    </Card>
  );
}

/** Ubicación: address and map. */
export function ProjectLocation({ project }: { readonly project: ProjectDetail }) {
  return (
    <Card aria-labelledby="titulo-ubicacion">
      <h2 id="titulo-ubicacion">Ubicación</h2>
      <LocationCard project={project} />
    </Card>
  );
}
