import { z } from 'zod';
import { idParam } from './common';

export const setAlertBody = z.strictObject({ projectId: idParam, unitId: idParam.optional() });
