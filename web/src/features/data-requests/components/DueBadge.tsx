import { Badge } from '../../../shared/ui/layout';
import { dueStateOf, type DataRequest } from '../api/data-requests-api';
import { DUE_LABELS } from '../labels';

/** The request against its legal due date: overdue (red) and due soon (amber) stand out; words, not colour alone. */
export function DueBadge({ request, now }: { request: Pick<DataRequest, 'status' | 'dueAt'>; now: number }) {
  const state = dueStateOf(request, now);
  if (request.status === 'completed' || request.status === 'rejected') return null;
  return <Badge $tone={state === 'overdue' ? 'danger' : state === 'soon' ? 'warning' : 'neutral'}>{DUE_LABELS[state]}</Badge>;
}
