import { selectSessionUser, type SessionState } from '../../features/session/slice';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useAppSelector } from '../../shared/store/StoreProvider';
import { Card, Grid, Muted, TextLink } from '../../shared/ui/layout';
import { useBackofficeSections } from '../shells/shells';

type Root = { session: SessionState };

/** The back-office home: a card for every section the sidebar shows, grouped the same way. */
export default function BackofficeHomePage() {
  useDocumentTitle('Back office');
  const user = useAppSelector((s: Root) => selectSessionUser(s));
  const groups = useBackofficeSections();
  return (
    <>
      <h1>Back office</h1>
      <Muted>Bienvenido{user?.name ? `, ${user.name}` : ''}. Elija una sección para comenzar.</Muted>
      {groups.map(({ group, sections }) => (
        <section key={group} aria-label={group}>
          <h2>{group}</h2>
          <Grid $min="260px">
            {sections.map((s) => (
              <Card key={s.path} aria-label={s.label}>
                <h3>{s.label}</h3>
                <Muted>{s.description}</Muted>
                <TextLink to={s.path}>Ir a {s.label.toLowerCase()}</TextLink>
              </Card>
            ))}
          </Grid>
        </section>
      ))}
    </>
  );
}
