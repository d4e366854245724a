import { Placeholder } from '@/components/Placeholder';

export default function DebtsPage() {
  return <Placeholder title="debts" />;
}
