import PagePlaceholder from '../../components/PagePlaceholder';

export default function HelpPage() {
  return <PagePlaceholder title="Help & Support" text="Help & Support page coming soon..." />;
}
