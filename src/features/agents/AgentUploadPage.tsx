import PagePlaceholder from '../../components/PagePlaceholder';

export default function AgentUploadPage() {
  return <PagePlaceholder title="Upload Documents" />;
}
