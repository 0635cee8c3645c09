import { CrudPage } from '../../../components/crud/CrudPage.tsx';
import type { CrudResource } from '../../../components/crud/types.ts';

export const postResource: CrudResource = {
  api: '/blade-system/post',
  permissions: 'post',
  fields: [
    {
      name: 'category',
      label: 'post.category',
      type: 'select',
      options: { dict: 'post_category' },
      search: true,
      required: true,
    },
    {
      name: 'postCode',
      max: 12,
      label: 'post.postCode',
      search: true,
      required: true,
      rules: [{ max: 12, message: 'post.codeTooLong' }],
    },
    { name: 'postName', max: 64, label: 'post.postName', search: true, required: true },
    { name: 'sort', label: 'post.sort', type: 'number', required: true, sortable: true, initial: 1 },
    { name: 'remark', max: 255, label: 'post.remark', type: 'textarea', column: false },
  ],
};

/** /system/post */
export default function PostPage() {
  return <CrudPage resource={postResource} />;
}
