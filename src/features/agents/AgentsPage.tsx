import PagePlaceholder from '../../components/PagePlaceholder';

export default function AgentsPage() {
  return <PagePlaceholder title="Agents" />;
}
