import { Placeholder } from '@/components/Placeholder';

export default function TransactionsPage() {
  return <Placeholder title="transactions" />;
}
