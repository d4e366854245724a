import { CodeFlow } from './CodeFlow';

export default function SignUpPage() {
  return <CodeFlow purpose="signup" />;
}
