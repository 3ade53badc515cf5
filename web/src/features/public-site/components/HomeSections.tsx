import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { Button } from '../../../shared/ui/Button';
import { Card, Grid, Muted, TextLink } from '../../../shared/ui/layout';

/**
 * The home page's content sections (spec §1): about, services cycle, stats, subsidies, testimonials and
 * other assets. The copy is fixed here until the back office's homepage editor has an API.
 */
const Section = styled.section`
  margin-bottom: ${({ theme }) => theme.space(12)};
`;

export function AboutSection() {
  return (
    <Section aria-labelledby="titulo-nosotros">
      <h2 id="titulo-nosotros">Quiénes somos</h2>
      <p>
        Conectamos a colaboradores de empresas en convenio con proyectos inmobiliarios seleccionados. Su empleador puede aportar a su pie, las
        inmobiliarias ofrecen condiciones preferentes y nuestros asesores lo acompañan desde la primera simulación hasta la escritura.
      </p>
      <Muted>Precios en UF y en pesos con el valor de la UF del día; reservas pagadas en línea y reembolsables si la unidad no se confirma.</Muted>
    </Section>
  );
}

const SERVICES = [
  { title: 'Regístrese', text: 'Cree su cuenta con su email laboral y su RUT; validamos su convenio con su empresa.' },
  { title: 'Explore y compare', text: 'Filtre proyectos por comuna, tipo, dormitorios, precio, amenidades y estado de obra.' },
  { title: 'Simule y cotice', text: 'Calcule su dividendo en UF y pesos con el aporte de su empresa y reciba su cotización en PDF.' },
  { title: 'Reserve en línea', text: 'Reserve la unidad que eligió y pague la reserva en Webpay: queda a su nombre al instante.' },
  { title: 'Firme con asesoría', text: 'Un asesor lo acompaña con el crédito hipotecario, los subsidios, la promesa y la escritura.' },
] as const;

const CYCLE_MS = 6_000;

const Tabs = styled.div`
  [role='tablist'] { display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space(2)}; margin-bottom: ${({ theme }) => theme.space(4)}; }
  [role='tab'] {
    min-height: 44px;
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
    border-radius: 999px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
    font-weight: 600;
    cursor: pointer;
  }
  [role='tab'][aria-selected='true'] { background: ${({ theme }) => theme.colors.primary}; border-color: ${({ theme }) => theme.colors.primary}; color: ${({ theme }) => theme.colors.onPrimary}; }
`;

const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/** The service cycle as tabs that advance on their own (paused on hover, focus, the button or reduced motion). */
export function ServicesCycle() {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(prefersReducedMotion);
  const [hovered, setHovered] = useState(false);
  const id = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (paused || hovered) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % SERVICES.length), CYCLE_MS);
    return () => clearInterval(timer);
  }, [paused, hovered]);

  const choose = (next: number, focus = false) => {
    const i = (next + SERVICES.length) % SERVICES.length;
    setIndex(i);
    setPaused(true);
    if (focus) tabs.current[i]?.focus();
  };
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: SERVICES.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      choose(moves[event.key], true);
    }
  };

  return (
    <Section aria-labelledby="titulo-servicios" onMouseEnter={() => setHovered(true)} onMouseLeave={() => setHovered(false)}>
      <h2 id="titulo-servicios">Cómo lo acompañamos</h2>
      <Tabs onFocus={() => setHovered(true)} onBlur={() => setHovered(false)}>
        <div role="tablist" aria-label="Etapas del servicio" onKeyDown={onKey}>
          {SERVICES.map((s, i) => (
            <button
              key={s.title}
              ref={(el) => {
                tabs.current[i] = el;
              }}
              role="tab"
              type="button"
              id={`${id}-tab-${i}`}
              aria-selected={i === index}
              aria-controls={`${id}-panel`}
              tabIndex={i === index ? 0 : -1}
              onClick={() => choose(i)}
            >
              {i + 1}. {s.title}
            </button>
          ))}
        </div>
        <Card role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${index}`}>
          <h3>{SERVICES[index].title}</h3>
          <p>{SERVICES[index].text}</p>
        </Card>
        <Button variant="ghost" onClick={() => setPaused((p) => !p)} aria-pressed={paused}>
          {paused ? 'Reanudar rotación' : 'Pausar rotación'}
        </Button>
      </Tabs>
    </Section>
  );
}

const Stats = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  gap: ${({ theme }) => theme.space(4)};
  margin: 0;
  div { background: ${({ theme }) => theme.colors.surface}; border: 1px solid ${({ theme }) => theme.colors.border}; border-radius: ${({ theme }) => theme.radius.lg}; padding: ${({ theme }) => theme.space(5)}; }
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; font-size: 2rem; font-weight: 700; color: ${({ theme }) => theme.colors.primary}; order: -1; }
  div { display: flex; flex-direction: column; }
`;

const STATS = [
  { value: '2.500', label: 'clientes acompañados' },
  { value: '1.200', label: 'propiedades vendidas' },
  { value: '$85.000 millones', label: 'invertidos por nuestros clientes' },
  { value: '15 años', label: 'de experiencia' },
] as const;

export function StatsSection() {
  return (
    <Section aria-labelledby="titulo-cifras">
      <h2 id="titulo-cifras">Nuestras cifras</h2>
      <Stats>
        {STATS.map((s) => (
          <div key={s.label}>
            <dt>{s.label}</dt>
            <dd>{s.value}</dd>
          </div>
        ))}
      </Stats>
    </Section>
  );
}

const SUBSIDIES = [
  { title: 'DS1: sectores medios', text: 'Para familias con capacidad de ahorro que compran su primera vivienda, nueva o usada, con crédito hipotecario.' },
  { title: 'DS19: integración social', text: 'Proyectos que integran familias de distintos ingresos, con un subsidio que se suma al ahorro y al crédito.' },
  { title: 'DS49: fondo solidario', text: 'Para familias vulnerables sin crédito hipotecario, postulando de forma individual o colectiva.' },
] as const;

export function SubsidiesSection() {
  return (
    <Section aria-labelledby="titulo-subsidios">
      <h2 id="titulo-subsidios">Subsidios habitacionales</h2>
      <Muted>Los subsidios del Estado se suman a su pie. Nuestros asesores le ayudan a postular.</Muted>
      <Grid $min="240px">
        {SUBSIDIES.map((s) => (
          <Card key={s.title}>
            <h3>{s.title}</h3>
            <p>{s.text}</p>
          </Card>
        ))}
      </Grid>
    </Section>
  );
}

const Quote = styled.blockquote`
  margin: 0;
  p { font-style: italic; }
  footer { color: ${({ theme }) => theme.colors.textMuted}; font-size: 0.9375rem; }
`;

const TESTIMONIALS = [
  { text: 'Con el aporte de mi empresa al pie pude comprar antes de lo que pensaba. La simulación fue exactamente lo que pagué.', who: 'Carolina M., analista, Santiago' },
  { text: 'Reservé el departamento en línea un domingo y el lunes ya tenía a mi asesora llamándome para el crédito.', who: 'Felipe R., ingeniero, Concepción' },
  { text: 'Me ayudaron a postular al subsidio DS1 y a entender cada cifra en UF y en pesos.', who: 'Daniela S., técnica en enfermería, La Serena' },
] as const;

export function TestimonialsSection() {
  return (
    <Section aria-labelledby="titulo-testimonios">
      <h2 id="titulo-testimonios">Testimonios</h2>
      <Grid $min="260px">
        {TESTIMONIALS.map((t) => (
          <Card key={t.who}>
            <Quote>
              <p>“{t.text}”</p>
              <footer>{t.who}</footer>
            </Quote>
          </Card>
        ))}
      </Grid>
    </Section>
  );
}

const ASSETS = [
  { title: 'Oficinas', text: 'Plantas libres y oficinas habilitadas en polos de negocios.', type: 'office' },
  { title: 'Locales comerciales', text: 'Locales a la calle y en centros comerciales con alto flujo.', type: 'commercial' },
  { title: 'Bodegas', text: 'Bodegas y espacios de almacenaje en edificios y centros logísticos.', type: 'storage_unit' },
  { title: 'Industrial', text: 'Galpones y centros logísticos con andenes de carga.', type: 'warehouse' },
] as const;

export function OtherAssetsSection() {
  return (
    <Section aria-labelledby="titulo-otros">
      <h2 id="titulo-otros">Otros activos</h2>
      <Muted>Además de viviendas, ofrecemos activos para invertir o para su negocio.</Muted>
      <Grid $min="220px">
        {ASSETS.map((a) => (
          <Card key={a.type}>
            <h3>{a.title}</h3>
            <p>{a.text}</p>
            <TextLink to={`/projects?propertyType=${a.type}`}>Ver {a.title.toLowerCase()}</TextLink>
          </Card>
        ))}
      </Grid>
    </Section>
  );
}
