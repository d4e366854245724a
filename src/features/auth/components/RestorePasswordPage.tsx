import { CodeFlow } from './CodeFlow';

export default function RestorePasswordPage() {
  return <CodeFlow purpose="restore" />;
}
