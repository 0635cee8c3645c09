import { App } from 'antd';
import { useNavigate } from 'react-router';
import { AntdProviders } from '../../app/antd/AntdProviders.tsx';
import { useMenu } from '../../app/menu-store.ts';
import { useSession } from '../../app/session.ts';
import { RegisterDialog } from './RegisterDialog.tsx';
import type { Unregistered } from './use-social.ts';

interface RegisterProps {
  open: boolean;
  onClose: () => void;
  /** A third-party identity no user has: the dialog registers or links it. */
  social?: Unregistered;
}

function Registration({ open, onClose, social }: RegisterProps) {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  return (
    <RegisterDialog
      open={open}
      onClose={onClose}
      social={social}
      onWarn={(text) => void message.warning(text)}
      onDone={(text) => {
        onClose();
        modal.success({ title: text, onOk: () => useSession.getState().signOutLocally() });
      }}
      onSignedIn={(answer) => {
        useSession.getState().signIn(answer);
        void useMenu
          .getState()
          .load()
          .finally(() => navigate('/'));
      }}
    />
  );
}

/** The login page's registration, drawn with antd: a chunk loaded when it is first opened (issue 17). */
export default function Register(props: RegisterProps) {
  return (
    <AntdProviders>
      <Registration {...props} />
    </AntdProviders>
  );
}
