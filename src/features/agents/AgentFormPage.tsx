import PagePlaceholder from '../../components/PagePlaceholder';

export default function AgentFormPage() {
  return <PagePlaceholder title="Agent" />;
}
