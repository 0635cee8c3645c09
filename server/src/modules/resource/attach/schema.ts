import { z } from 'zod';
import { requiredText } from '../../../platform/http/fields.ts';
import { resourceMessages as m } from '../messages.ts';

/**
 * What `attach/submit` may change: the name shown for the file. The key, link and size come from the
 * upload alone: a row naming another key would let its removal delete someone else's file.
 */
export const attachInput = z.object({
  originalName: requiredText(m['resource.attach.originalName.required'], 255).optional(),
});
