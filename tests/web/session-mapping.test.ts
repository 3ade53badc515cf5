import { parseExpiresAt, sessionFromLogin, sessionFromProfile } from '../../web/src/shared/auth/session-mapping';

const NOW = Date.UTC(2025, 0, 1, 12, 0, 0);

describe('login and profile answers to a session', () => {
  it('reads the login answer and picks the active role by the spec order', () => {
    const session = sessionFromLogin(
      {
        success: true,
        data: {
          user: {
            id: '7',
            email: 'ana@empresa.cl',
            rut: '12345678-5',
            name: 'Ana',
            first_last_name: 'Pérez',
            second_last_name: 'Soto',
            role: 'collaborator',
            phone: null,
            verified: true,
            status: 'active',
          },
          roles: [
            { id: 6, name: 'collaborator', display_name: 'Collaborator' },
            { id: 2, name: 'ADMIN', display_name: 'Admin' },
          ],
          permissions: ['backoffice:access'],
          abilities: [],
          expires_at: '2025-01-01T12:15:00Z',
        },
      },
      NOW,
    );
    expect(session.user).toMatchObject({ id: '7', firstLastName: 'Pérez', secondLastName: 'Soto' });
    expect(session.roles).toEqual([
      { id: '6', name: 'collaborator', displayName: 'Colaborador' },
      { id: '2', name: 'admin', displayName: 'Administrador' },
    ]);
    expect(session.activeRole).toBe('admin');
    expect(session.expiresAt).toBe(Date.parse('2025-01-01T12:15:00Z'));
  });

  it('accepts the legacy form (a user with one role)', () => {
    const session = sessionFromLogin({ user: { id: 'u', email: 'x@y.cl', role: 'company' } }, NOW);
    expect(session.roles.map((r) => r.name)).toEqual(['company']);
    expect(session.activeRole).toBe('company');
    expect(session.expiresAt).toBe(NOW + 900_000);
  });

  it('refuses anything else with the spec message', () => {
    expect(() => sessionFromLogin({ success: true } as never, NOW)).toThrow('Formato de respuesta de login no reconocido');
  });

  it('keeps the active role chosen earlier in the tab when the profile still grants it', () => {
    const profile = {
      id: 'u',
      email: 'x@y.cl',
      roles: [
        { id: 8, name: 'company' },
        { id: 9, name: 'advisor' },
      ],
      permissions: [],
      abilities: [],
      session: { expiresAt: NOW + 60_000 },
    };
    expect(sessionFromProfile(profile, NOW, 'advisor').activeRole).toBe('advisor');
    expect(sessionFromProfile(profile, NOW, 'admin').activeRole).toBe('company');
    expect(sessionFromProfile(profile, NOW, null).expiresAt).toBe(NOW + 60_000);
  });

  it('parses expiries as ISO, epoch seconds or epoch ms, else 15 minutes from now', () => {
    expect(parseExpiresAt(1_735_733_700, NOW)).toBe(1_735_733_700_000);
    expect(parseExpiresAt(1_735_733_700_000, NOW)).toBe(1_735_733_700_000);
    expect(parseExpiresAt('1735733700', NOW)).toBe(1_735_733_700_000);
    expect(parseExpiresAt(undefined, NOW)).toBe(NOW + 900_000);
    expect(parseExpiresAt('garbage', NOW)).toBe(NOW + 900_000);
  });
});
