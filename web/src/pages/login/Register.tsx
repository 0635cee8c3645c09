import { App } from 'antd';
import { AntdProviders } from '../../app/antd/AntdProviders.tsx';
import { useSession } from '../../app/session.ts';
import { RegisterDialog } from './RegisterDialog.tsx';

function Registration({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message, modal } = App.useApp();
  return (
    <RegisterDialog
      open={open}
      onClose={onClose}
      onWarn={(text) => void message.warning(text)}
      onDone={(text) => {
        onClose();
        modal.success({ title: text, onOk: () => useSession.getState().signOutLocally() });
      }}
    />
  );
}

/** The login page's registration, drawn with antd: a chunk loaded when it is first opened (issue 17). */
export default function Register(props: { open: boolean; onClose: () => void }) {
  return (
    <AntdProviders>
      <Registration {...props} />
    </AntdProviders>
  );
}
