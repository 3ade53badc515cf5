import { createSessionExpiryHandler } from '../../web/src/shared/api/session-expiry';

describe('session-expiry handling (spec §4: clear, toast, /login after 1 s, at most once per 10 s)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const setup = () => {
    const effects = { clearLocalSession: jest.fn(), notify: jest.fn(), redirect: jest.fn() };
    return { effects, handler: createSessionExpiryHandler(effects) };
  };

  it('clears the session and shows the toast at once, then redirects after 1 s', () => {
    const { effects, handler } = setup();
    expect(handler.handle('refresh-failed')).toBe(true);
    expect(effects.clearLocalSession).toHaveBeenCalledWith('refresh-failed');
    expect(effects.notify).toHaveBeenCalledWith('Su sesión ha expirado. Por favor ingrese nuevamente.');
    jest.advanceTimersByTime(999);
    expect(effects.redirect).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(effects.redirect).toHaveBeenCalledWith('/login');
  });

  it('runs at most once per 10 s', () => {
    const { effects, handler } = setup();
    handler.handle('refresh-failed');
    jest.advanceTimersByTime(5_000);
    expect(handler.handle('inactivity')).toBe(false);
    jest.advanceTimersByTime(4_999);
    expect(handler.handle('refresh-failed')).toBe(false);
    jest.advanceTimersByTime(1);
    expect(handler.handle('token-expired')).toBe(true);
    jest.advanceTimersByTime(1_000);
    expect(effects.clearLocalSession).toHaveBeenCalledTimes(2);
    expect(effects.notify).toHaveBeenCalledTimes(2);
    expect(effects.redirect).toHaveBeenCalledTimes(2);
  });
});
