import { ScopeMenuPage } from '../../../components/scope/ScopeMenuPage.tsx';

/** /authority/apiscope */
export default function ApiScopePage() {
  return <ScopeMenuPage kind="api" />;
}
