import PagePlaceholder from '../../components/PagePlaceholder';

export default function AnalyticsPage() {
  return <PagePlaceholder title="Analytics" text="Analytics page coming soon..." />;
}
