import { Button } from '../../../shared/ui/Button';
import { useAppDispatch, useAppSelector } from '../../../shared/store/StoreProvider';
import { selectThemeMode, themeToggled } from '../slice';

/** Header toggle; its visible text is its accessible name. */
export function ThemeToggle() {
  const mode = useAppSelector(selectThemeMode);
  const dispatch = useAppDispatch();
  return (
    <Button variant="ghost" onClick={() => dispatch(themeToggled())}>
      <span aria-hidden="true">{mode === 'dark' ? '☀' : '☾'}</span>
      {mode === 'dark' ? 'Activar tema claro' : 'Activar tema oscuro'}
    </Button>
  );
}
