import { Placeholder } from '@/components/Placeholder';

export default function MySharePage() {
  return <Placeholder title="my-share" />;
}
