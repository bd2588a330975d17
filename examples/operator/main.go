// Command operator runs the example Cache operator. It exists to show
// reconcilelint's findings on realistic code; see the repository README.
package main

import (
	"os"

	"k8s.io/apimachinery/pkg/runtime"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"

	cachev1alpha1 "github.com/reconcilelint/reconcilelint/examples/operator/api/v1alpha1"
	"github.com/reconcilelint/reconcilelint/examples/operator/controllers"
)

func main() {
	scheme := runtime.NewScheme()
	if err := clientgoscheme.AddToScheme(scheme); err != nil {
		os.Exit(1)
	}
	scheme.AddKnownTypes(cachev1alpha1.GroupVersion, &cachev1alpha1.Cache{}, &cachev1alpha1.CacheList{})
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{Scheme: scheme})
	if err != nil {
		os.Exit(1)
	}
	r := &controllers.CacheReconciler{Client: mgr.GetClient()}
	if err := builder.ControllerManagedBy(mgr).For(&cachev1alpha1.Cache{}).Complete(r); err != nil {
		os.Exit(1)
	}
	if err := mgr.Start(ctrl.SetupSignalHandler()); err != nil {
		os.Exit(1)
	}
}
