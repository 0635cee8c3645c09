import { DictPage } from '../../../components/dict/DictPage.tsx';
import { SYSTEM_DICT } from '../../../components/dict/dict-resources.ts';

/** /system/dict */
export default function SystemDictPage() {
  return <DictPage source={SYSTEM_DICT} />;
}
