import { ScopeMenuPage } from '../../../components/scope/ScopeMenuPage.tsx';

/** /authority/datascope */
export default function DataScopePage() {
  return <ScopeMenuPage kind="data" />;
}
