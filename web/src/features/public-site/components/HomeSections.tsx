import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { Button } from '../../../shared/ui/Button';
import type { HomeSections } from '../../../../../contract/content';
import { formatInteger } from '../../../shared/format/format';
import { Card, Grid, Muted, TextLink } from '../../../shared/ui/layout';

/**
 * The home page's content sections (spec §1): about, services cycle, stats, subsidies, testimonials and
 * other assets, as the back office's editor saved them (GET /content/home).
 */
const Section = styled.section`
  margin-bottom: ${({ theme }) => theme.space(12)};
`;

export function AboutSection({ content }: { readonly content: HomeSections['about'] }) {
  return (
    <Section aria-labelledby="titulo-nosotros">
      <h2 id="titulo-nosotros">{content.title}</h2>
      <p>{content.text}</p>
      {content.note && <Muted>{content.note}</Muted>}
    </Section>
  );
}

const CYCLE_MS = 6_000;

const Tabs = styled.div`
  [role='tablist'] {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space(2)};
    margin-bottom: ${({ theme }) => theme.space(4)};
  }
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
  [role='tab'][aria-selected='true'] {
    background: ${({ theme }) => theme.colors.primary};
    border-color: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
  }
`;

const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/** The service cycle as tabs that advance on their own (paused on hover, focus, the button or reduced motion). */
export function ServicesCycle({ content }: { readonly content: HomeSections['services'] }) {
  const SERVICES = content.steps;
  const [rawIndex, setIndex] = useState(0);
  // An editor may have shortened the list since: stay inside it.
  const index = rawIndex % SERVICES.length;
  const [paused, setPaused] = useState(false);
  // Read after the first render: the server's rendering (and so the hydrating render) knows no preference.
  useEffect(() => {
    if (prefersReducedMotion()) setPaused(true);
  }, []);
  const [hovered, setHovered] = useState(false);
  const id = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (paused || hovered) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % SERVICES.length), CYCLE_MS);
    return () => clearInterval(timer);
  }, [paused, hovered, SERVICES.length]);

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
      <h2 id="titulo-servicios">{content.title}</h2>
      <Tabs onFocus={() => setHovered(true)} onBlur={() => setHovered(false)}>
        <div role="tablist" aria-label="Etapas del servicio" onKeyDown={onKey}>
          {SERVICES.map((s, i) => (
            <button
              key={i}
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
  div {
    background: ${({ theme }) => theme.colors.surface};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.lg};
    padding: ${({ theme }) => theme.space(5)};
  }
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-size: 2rem;
    font-weight: 700;
    color: ${({ theme }) => theme.colors.primary};
    order: -1;
  }
  div {
    display: flex;
    flex-direction: column;
  }
`;

/** The four editable figures (spec §9), in es-CL numbers. */
const statsOf = (c: HomeSections['stats']) => [
  { value: formatInteger(c.clients), label: 'clientes acompañados' },
  { value: formatInteger(c.propertiesSold), label: 'propiedades vendidas' },
  { value: `$${formatInteger(c.millionsInvested)} millones`, label: 'invertidos por nuestros clientes' },
  { value: `${formatInteger(c.yearsOfExperience)} años`, label: 'de experiencia' },
];

export function StatsSection({ content }: { readonly content: HomeSections['stats'] }) {
  return (
    <Section aria-labelledby="titulo-cifras">
      <h2 id="titulo-cifras">{content.title}</h2>
      <Stats>
        {statsOf(content).map((s) => (
          <div key={s.label}>
            <dt>{s.label}</dt>
            <dd>{s.value}</dd>
          </div>
        ))}
      </Stats>
    </Section>
  );
}

export function SubsidiesSection({ content }: { readonly content: HomeSections['subsidies'] }) {
  return (
    <Section aria-labelledby="titulo-subsidios">
      <h2 id="titulo-subsidios">{content.title}</h2>
      {content.intro && <Muted>{content.intro}</Muted>}
      <Grid $min="240px">
        {content.items.map((s, i) => (
          <Card key={i}>
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
  p {
    font-style: italic;
  }
  footer {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.9375rem;
  }
`;

export function TestimonialsSection({ content }: { readonly content: HomeSections['testimonials'] }) {
  return (
    <Section aria-labelledby="titulo-testimonios">
      <h2 id="titulo-testimonios">{content.title}</h2>
      <Grid $min="260px">
        {content.items.map((t, i) => (
          <Card key={i}>
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

export function OtherAssetsSection({ content }: { readonly content: HomeSections['otherAssets'] }) {
  return (
    <Section aria-labelledby="titulo-otros">
      <h2 id="titulo-otros">{content.title}</h2>
      {content.intro && <Muted>{content.intro}</Muted>}
      <Grid $min="220px">
        {content.items.map((a, i) => (
          <Card key={i}>
            <h3>{a.title}</h3>
            <p>{a.text}</p>
            <TextLink to={`/projects?propertyType=${a.type}`}>Ver {a.title.toLowerCase()}</TextLink>
          </Card>
        ))}
      </Grid>
    </Section>
  );
}

/** Every content section of the home, in the spec's order. */
export function HomeContentSections({ sections }: { readonly sections: HomeSections }) {
  return (
    <>
      <AboutSection content={sections.about} />
      <ServicesCycle content={sections.services} />
      <StatsSection content={sections.stats} />
      <SubsidiesSection content={sections.subsidies} />
      <TestimonialsSection content={sections.testimonials} />
      <OtherAssetsSection content={sections.otherAssets} />
    </>
  );
}
