import { CAMPAIGN_STATUS_LABELS, type CampaignMove, type CampaignStatus } from '../../../../../contract/campaigns';

export const STATUS_LABELS: Readonly<Record<CampaignStatus, string>> = CAMPAIGN_STATUS_LABELS;
export const STATUS_TONES: Record<CampaignStatus, 'neutral' | 'success' | 'warning' | 'danger' | 'info'> = {
  draft: 'neutral',
  active: 'success',
  paused: 'warning',
  ended: 'info',
  eliminated: 'danger',
};

/** The moves each status allows (the server decides; the screen offers only these). */
export const MOVES_FROM: Record<CampaignStatus, readonly CampaignMove[]> = {
  draft: ['launch', 'eliminate'],
  active: ['pause', 'end', 'eliminate'],
  paused: ['resume', 'end', 'eliminate'],
  ended: ['eliminate'],
  eliminated: [],
};

export const MOVE_LABELS: Record<CampaignMove, { action: string; title: string; text: string }> = {
  launch: {
    action: 'Lanzar',
    title: 'Lanzar la campaña',
    text: 'Quedará activa. Con inscripción automática se inscriben ahora todos los colaboradores activos de la empresa.',
  },
  pause: { action: 'Pausar', title: 'Pausar la campaña', text: 'Nadie podrá inscribirse mientras esté pausada.' },
  resume: { action: 'Reanudar', title: 'Reanudar la campaña', text: 'Vuelve a estar activa; la inscripción automática suma a los colaboradores nuevos.' },
  end: { action: 'Terminar', title: 'Terminar la campaña', text: 'Una campaña terminada ya no se puede editar ni reactivar.' },
  eliminate: { action: 'Eliminar', title: 'Eliminar la campaña', text: 'Queda en el historial con su motivo; no se puede deshacer.' },
};
