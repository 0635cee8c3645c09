import { ShopOutlined, StopOutlined } from '@ant-design/icons';
import { Button, ConfigProvider, Layout, Spin, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../app/LanguageSwitch.tsx';
import { useDocumentTitle } from '../../app/use-document-title.ts';
import { CaptureScreen } from './CaptureScreen.tsx';
import { FailureScreen } from './FailureScreen.tsx';
import type { Screen } from './kiosk-flow.ts';
import { PairScreen } from './PairScreen.tsx';
import { Panel } from './Panel.tsx';
import { PickScreen } from './PickScreen.tsx';
import { ReceiptScreen } from './ReceiptScreen.tsx';
import { useKiosk } from './use-kiosk.ts';

// A touch screen: every control at least 56 px high, the main actions 72 px, the text large.
const TOUCH_THEME = {
  token: { fontSize: 20, controlHeight: 56, controlHeightLG: 72, fontSizeLG: 24 },
  components: { Button: { paddingInlineLG: 40 } },
};

/**
 * /warehouse/outWarehouse: the public outbound kiosk (no staff sign-in). Paired once with a device's
 * kiosk key; then a person is recognised by the camera, picks what their warrants allow, and gets
 * a receipt. See use-kiosk.ts for the flow and kiosk-flow.ts for its screens and timeouts.
 */
export default function KioskPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const kiosk = useKiosk();
  const { device, screen } = kiosk.state;
  useDocumentTitle('kiosk.title');
  return (
    <ConfigProvider theme={TOUCH_THEME} componentSize="large">
      <Layout style={{ height: '100vh', overflow: 'hidden' }}>
        <Layout.Header
          style={{ display: 'flex', alignItems: 'center', gap: 16, background: token.colorBgContainer, height: 80 }}
        >
          <ShopOutlined style={{ fontSize: 32, color: token.colorPrimary }} />
          <Typography.Title level={3} style={{ margin: 0, flex: 1 }}>
            {t('kiosk.title')}
            {device && (
              <Typography.Text type="secondary" style={{ fontSize: 20, marginLeft: 16 }} translate="no">
                {device.tenantName} · {device.name}
              </Typography.Text>
            )}
          </Typography.Title>
          <LanguageSwitch />
        </Layout.Header>
        <Layout.Content style={{ padding: 24, minHeight: 0, overflow: 'auto' }}>
          <KioskScreen kiosk={kiosk} screen={screen} />
        </Layout.Content>
      </Layout>
    </ConfigProvider>
  );
}

function KioskScreen({ kiosk, screen }: { kiosk: ReturnType<typeof useKiosk>; screen: Screen }) {
  const { t } = useTranslation();
  switch (screen.name) {
    case 'loading':
    case 'working':
      return <Panel icon={<Spin size="large" />} title={t(`kiosk.${screen.name}`)} />;
    case 'pair':
      return <PairScreen error={screen.error} onPair={kiosk.pair} />;
    case 'closed':
      return <Panel icon={<StopOutlined />} role="alert" title={t('kiosk.failure.closed')} hint={screen.message} />;
    case 'start':
      return (
        <Panel title={t('kiosk.start.title')} hint={t('kiosk.start.hint')}>
          <Button type="primary" size="large" onClick={kiosk.capture} style={{ minWidth: 320 }}>
            {t('kiosk.start.begin')}
          </Button>
        </Panel>
      );
    case 'capture':
      return <CaptureScreen onPhoto={kiosk.recognise} onNoCamera={kiosk.noCamera} onCancel={kiosk.home} />;
    case 'pick':
      return (
        <PickScreen
          session={screen.session}
          onConfirm={(lines) => kiosk.outbound(screen.session, lines)}
          onCancel={kiosk.home}
        />
      );
    case 'receipt':
      return (
        kiosk.api && (
          <ReceiptScreen receipt={screen.receipt} person={screen.person} api={kiosk.api} onDone={kiosk.home} />
        )
      );
    case 'failure':
      return (
        <FailureScreen
          reason={screen.reason}
          message={screen.message}
          retry={screen.retry}
          onRetry={() =>
            screen.retry === 'pick' && screen.session ? kiosk.pickAgain(screen.session) : kiosk.capture()
          }
          onHome={kiosk.home}
          onPhoto={kiosk.recognise}
        />
      );
  }
}
