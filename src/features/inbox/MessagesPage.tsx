import PagePlaceholder from '../../components/PagePlaceholder';

export default function MessagesPage() {
  return <PagePlaceholder title="Messages" />;
}
