import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../components/crud/CrudPage.tsx';
import type { CrudResource, CustomInputProps } from '../../../components/crud/types.ts';
import { RichTextEditor } from '../../../components/rich-text/RichTextEditor.tsx';

/** The content's editor, named by its label for assistive technology (a contenteditable has no <label>). */
function ContentInput(props: CustomInputProps) {
  const { t } = useTranslation();
  return <RichTextEditor {...props} label={t('notice.content')} />;
}

/** The desk's notices (BladeX NoticeController, Saber's desk/notice): searched by title, category and release time. */
export const noticeResource: CrudResource = {
  api: '/blade-desk/notice',
  permissions: 'notice',
  fields: [
    { name: 'title', max: 255, label: 'notice.title', search: true, required: true, wide: true },
    {
      name: 'category',
      label: 'notice.category',
      type: 'select',
      numeric: true,
      options: { dict: 'notice' },
      search: true,
      required: true,
    },
    { name: 'releaseTime', label: 'notice.releaseTime', type: 'datetime', required: true, sortable: true },
    { name: 'content', max: 20_000, label: 'notice.content', column: false, wide: true, input: ContentInput },
  ],
  createTimeRange: { from: 'releaseTime_datege', to: 'releaseTime_datelt', label: 'notice.releaseTime' },
};

/** /desk/notice */
export default function NoticePage() {
  return <CrudPage resource={noticeResource} />;
}
