import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionModal } from '../../../components/crud/ActionModal.tsx';
import { getData, postAction } from '../../../components/crud/api.ts';
import { useOptions } from '../../../components/crud/options.ts';
import type { Row } from '../../../components/crud/types.ts';

const USER_TYPES = { dict: 'user_type' } as const;

interface Props {
  user: Row;
  onDone(): void;
  onClose(): void;
}

interface Platform {
  userType: number;
  userExt: string;
}

/** A user's platform settings: the user type and, per type, its extension text (`platform-detail` / `update-platform`). */
export function PlatformDialog({ user, onDone, onClose }: Props) {
  const { t } = useTranslation();
  const { options } = useOptions(USER_TYPES);
  const [form] = Form.useForm<{ userType: string; userExt: string }>();
  const [userType, setUserType] = useState(String(user.userType ?? 1));
  const userId = String(user.id);

  const detail = useQuery({
    queryKey: ['user-platform', userId, userType],
    queryFn: () => getData<Platform>('/blade-user/platform-detail', { userId, userType }),
    gcTime: 0,
  });
  useEffect(() => {
    if (detail.data) form.setFieldValue('userExt', detail.data.userExt ?? '');
  }, [detail.data, form]);

  const save = async () => {
    const values = await form.validateFields();
    await postAction('/blade-user/update-platform', { userId, userType: values.userType, userExt: values.userExt });
    onDone();
  };

  return (
    <ActionModal
      title={`${t('user.platform')} · ${String(user.account ?? '')}`}
      width={560}
      onSave={save}
      onClose={onClose}
    >
      <Form form={form} layout="vertical" name="user-platform" initialValues={{ userType, userExt: '' }}>
        <Form.Item name="userType" label={t('user.userType')} rules={[{ required: true }]}>
          <Select options={options} onChange={(v: string) => setUserType(v)} />
        </Form.Item>
        <Form.Item
          name="userExt"
          label={t('user.userExt')}
          rules={[{ max: 255, message: t('user.tooLong255') }]}
          extra={t('user.userExtHelp')}
        >
          <Input.TextArea rows={4} disabled={detail.isFetching} />
        </Form.Item>
      </Form>
    </ActionModal>
  );
}
