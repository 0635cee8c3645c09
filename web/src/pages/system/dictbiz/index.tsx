import { DictPage } from '../../../components/dict/DictPage.tsx';
import { BUSINESS_DICT } from '../../../components/dict/dict-resources.ts';

/** /system/dictbiz */
export default function BusinessDictPage() {
  return <DictPage source={BUSINESS_DICT} />;
}
