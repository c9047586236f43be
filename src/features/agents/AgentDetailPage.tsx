import PagePlaceholder from '../../components/PagePlaceholder';

export default function AgentDetailPage() {
  return <PagePlaceholder title="Agent" />;
}
