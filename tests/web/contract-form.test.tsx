import { ParameterForm } from '../../web/src/features/financial-parameters/components/ParameterForm';
import { ApiError } from '../../web/src/shared/api/errors';
import { ApiProvider } from '../../web/src/shared/kit/api-context';
import { render } from './support/render';
import { fakeApi } from './support/saga-harness';

/** The one form layer (react-hook-form + the contract's schema), driven through a real form: ParameterForm. */
describe('a contract form', () => {
  const noop = () => undefined;

  it('refuses with the contract schema in Spanish, at the field, before anything is sent', async () => {
    const { api } = fakeApi({});
    const page = await render(
      <ApiProvider api={api}>
        <ParameterForm parameter={null} onDone={noop} onCancel={noop} onConflict={noop} />
      </ApiProvider>,
    );
    await page.submit();
    expect(page.errorOf('Nombre')).toBe('Debe tener al menos 2 caracteres.');
    expect(page.errorOf('Valor')).toBe('Este campo es obligatorio.');
    expect(page.errorOf('Descripción')).toBeNull();
    expect(page.field('Nombre').getAttribute('aria-invalid')).toBe('true');
    expect(api.requests).toHaveLength(0);
    await page.unmount();
  });

  it("puts the server's fieldErrors on their fields and its message above the form; editing the field clears it", async () => {
    const { api } = fakeApi({
      'POST /financial-parameters': () => {
        throw new ApiError(409, {
          code: 'DUPLICATE_NAME',
          message: 'Algunos datos no son válidos. Revise el formulario.',
          severity: 'error',
          actions: [],
          fieldErrors: [{ field: 'name', code: 'DUPLICATE_NAME', message: 'Ya existe un parámetro con ese nombre.' }],
        });
      },
    });
    const done = jest.fn();
    const page = await render(
      <ApiProvider api={api}>
        <ParameterForm parameter={null} onDone={done} onCancel={noop} onConflict={noop} />
      </ApiProvider>,
    );
    await page.type('Nombre', 'Tasa base');
    await page.type('Valor', '4,5');
    await page.submit();
    expect(api.requests[0].body).toMatchObject({ name: 'Tasa base', value: 4.5, minValue: null, active: true });
    expect(page.errorOf('Nombre')).toBe('Ya existe un parámetro con ese nombre.');
    expect(page.container.querySelector('[role="alert"]')?.textContent).toContain('Revise el formulario');
    expect(done).not.toHaveBeenCalled();
    await page.type('Nombre', 'Tasa base 2');
    expect(page.errorOf('Nombre')).toBeNull();
    await page.unmount();
  });
});
