import { z } from 'zod';
import { choice, optional, optionalText, requiredText } from '../../../platform/http/fields.ts';
import { idListSchema } from '../../../platform/http/ids.ts';
import { optionalId } from '../inputs.ts';
import { noticeMessages as m } from './messages.ts';

/** A notice entered by hand; `type` is a key of the `notice_type` dictionary, `level` 1 info to 3 urgent. */
export const noticeInput = z.object({
  type: requiredText(m['warehouse.notice.type.required'], 32),
  level: optional(choice(1, 3)),
  title: requiredText(m['warehouse.notice.title.required'], 200),
  content: optionalText(1000),
  deviceId: optionalId,
  materialCodeId: optionalId,
});

/** `treat`: the notices handled, and what was done. */
export const treatInput = z.object({ ids: idListSchema, handleRemark: optionalText(255) });
